// The shell's first script (decision 023). It starts the shell's entry (main.js, already preloaded
// by index.html) only after the browser has painted the server's HTML, so the first paint never
// waits for the scripts' work (Lighthouse's LCP, issue 10). A hidden tab paints no frames, so a
// timer starts the entry there.
(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.src = '/main.js';
    document.head.appendChild(script);
  }
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 250);
})();
