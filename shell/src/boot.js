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

// A reader's first moves before the page's scripts have taken over the server's HTML (decision 032):
// a click on a control, text typed, a select changed or a form submitted would otherwise be lost (the
// HTML has no handlers yet) or, for a form, sent by the browser itself. They are held, and replayed
// in order on the same elements once the app announces it is live (the `app:hydrated` event; it
// marks `html[data-hydrated]`). Links are left alone: they work without scripts.
(function (d) {
  var root = d.getElementById('root');
  var held = [];
  if (!root || !root.firstElementChild) return;
  // Not yet live: the page before the app has started, or a remote's part still hydrating or
  // waiting for the reader to reach for it (`data-hydrate-on`).
  function waiting(el) {
    return !d.documentElement.hasAttribute('data-hydrated') || el.closest('[data-hydrating],[data-hydrate-on]');
  }
  function hold(event) {
    var target = event.target;
    var kind = event.type;
    if (!target.closest || !waiting(target)) return;
    if (kind === 'click') {
      target = target.closest('button,[role=button],[role=tab],input,label');
      if (!target || target.closest('a[href]')) return;
    } else if (kind !== 'submit') {
      // Typed text and chosen options: the element keeps the value, the app is told it later.
      if (!/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || /^(checkbox|radio)$/.test(target.type)) return;
      kind = 'value';
    }
    if (kind !== 'value') event.preventDefault();
    // The value as the reader left it: hydrating may set a select back to the server's choice.
    held.push([kind, target, target.value]);
  }
  ['click', 'input', 'change', 'submit'].forEach(function (type) {
    d.addEventListener(type, hold, true);
  });
  // Values the reader changed while the page was still arriving, before this script ran: held too.
  Array.prototype.forEach.call(root.querySelectorAll('input,textarea,select'), function (el) {
    if (/^(checkbox|radio|hidden|submit|button)$/.test(el.type)) return;
    var changed;
    if (el.tagName === 'SELECT') {
      var first = Array.prototype.findIndex.call(el.options, function (o) {
        return o.defaultSelected;
      });
      changed = el.selectedIndex !== Math.max(first, 0);
    } else changed = el.value !== el.defaultValue;
    if (changed) held.push(['value', el, el.value]);
  });
  // The app, and then each remote part, announce they are live: what they hold now is replayed.
  function replay() {
    held = held.filter(function (move) {
      var el = move[1];
      if (el.isConnected && waiting(el)) return true;
      if (!el.isConnected) return false;
      if (move[0] === 'click') el.click();
      else if (move[0] === 'submit') el.requestSubmit();
      else {
        // The app still holds the server's value: set it through the element's own setter, so the
        // app's change tracking sees a change, and announce it as the browser would.
        el.value = '';
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value').set.call(el, move[2]);
        el.dispatchEvent(new Event(el.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
      }
      return false;
    });
  }
  // In a task of its own: not inside the app's own work of going live.
  d.addEventListener('app:hydrated', function () {
    setTimeout(replay);
  });
  // An island hydrated on demand (`data-hydrate-on`, RemoteSlot.tsx) is reached by a pointer over
  // it, a touch or the focus: marked here, from the first moment, so a move made before the app
  // listens is not lost. The app loads its remote at the `app:reach` event, or at once for a slot
  // already marked `data-reached`.
  function reach(event) {
    var box = event.target.closest && event.target.closest('[data-hydrate-on]');
    if (!box) return;
    var id = box.getAttribute('data-mfe-slot');
    Array.prototype.forEach.call(d.querySelectorAll('[data-hydrate-on]'), function (other) {
      if (other.getAttribute('data-mfe-slot') !== id) return;
      other.removeAttribute('data-hydrate-on');
      other.setAttribute('data-hydrating', '');
      other.setAttribute('data-reached', '');
    });
    d.dispatchEvent(new CustomEvent('app:reach', { detail: id }));
  }
  ['pointerover', 'pointerdown', 'touchstart', 'focusin'].forEach(function (type) {
    d.addEventListener(type, reach, { capture: true, passive: true });
  });
})(document);
