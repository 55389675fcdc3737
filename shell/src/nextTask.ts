/**
 * Resolves in a new task, after the browser has had the chance to handle input and paint: the start
 * of the page is cut into steps so that no single task holds the main thread for long
 * (Lighthouse's blocking time; decision 024). A message on a MessageChannel, as React's scheduler
 * uses: a timer would wait up to a second in a background tab.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
