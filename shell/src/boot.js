// The shell's first script (decision 023). It starts the shell's entry (main.js, already preloaded
// by index.html) only after the browser has painted the server's HTML, so the first paint never
// waits for the scripts' work (Lighthouse's LCP, issue 10). A hidden tab paints no frames: there
// the entry starts at once, and a timer stands in for a frame that never comes.
(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.src = '/main.js';
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden') return start();
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
