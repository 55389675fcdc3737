// The shell's first script (decisions 023 and 024). Only after the browser has painted does it
// start the downloads the first paint does not need (the preloads waiting, inert, in index.html's
// after-first-paint template: main.js, its critical chunks, /remotes.json, a page's data) and the
// shell's entry, so the first paint never waits for the scripts' bytes or work (Lighthouse's LCP,
// issue 10).
// - A page whose #root holds the server's HTML (home, an article) starts when the browser reports
//   its first contentful paint: a frame can come and go before that paint is presented.
// - Any other page paints nothing of its own before the scripts: it starts after the next frame.
// - A hidden tab paints no frames: there it starts at once, and a timer stands in for a paint or a
//   frame that never comes.
(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var later = document.getElementById('after-first-paint');
    if (later && later.content) document.head.appendChild(document.importNode(later.content, true));
    var script = document.createElement('script');
    script.src = '/main.js';
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden') return start();
  document.addEventListener('visibilitychange', function () {
    if (document.visibilityState === 'hidden') start();
  });
  var root = document.getElementById('root');
  var types = typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes || [] : [];
  if (root && root.firstElementChild && types.indexOf('paint') !== -1) {
    var observer = new PerformanceObserver(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  setTimeout(start, 1000);
})();
