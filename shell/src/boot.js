// The shell's first script (decisions 023, 024 and 040). Only after the browser has painted does
// it start the downloads the first paint does not need (the preloads waiting, inert, in index.html's
// after-first-paint template: main.js, its critical chunks, /remotes.json, a page's data) and the
// shell's entry, so the first paint never waits for the scripts' bytes or work (Lighthouse's LCP).
// - A page whose #root holds the server's HTML (home, an article) starts when the browser reports
//   its first contentful paint: a frame can come and go before that paint is presented. When that
//   HTML holds the first view's largest picture (the one `fetchpriority="high"` asks for early), it
//   starts once the picture has arrived, been decoded and been painted, so the scripts take none of
//   its bandwidth.
// - Any other page paints nothing of its own before the scripts: it starts after the next frame.
// - A hidden tab paints no frames: there it starts at once, and a timer stands in for a paint or a
//   frame that never comes.
// The design system's web fonts come last, on a reader's first visit: once the page has loaded and
// painted, all four together, and the tokens switch to them with `html[data-fonts]` in one change of
// face (until then the text shows in metric-matched stand-ins). A later visit finds them in the
// browser's cache and uses them from the first paint.
(function (d, w) {
  var FONTS = 'tmr-fonts';
  var html = d.documentElement;
  function useFonts() {
    html.setAttribute('data-fonts', '');
    try {
      w.localStorage.setItem(FONTS, '1');
    } catch (e) {
      // Storage refused (a private window): the faces come after the load next time too.
    }
  }
  try {
    if (w.localStorage.getItem(FONTS) === '1' || !d.fonts) useFonts();
  } catch (e) {
    // Storage refused: a first visit, as far as this page knows.
  }
  function loadFonts() {
    var faces = ['400 1em "Source Serif 4"', '700 1em "Source Serif 4"', '400 1em "Source Sans 3"', '700 1em "Source Sans 3"'];
    Promise.all(
      faces.map(function (face) {
        return d.fonts.load(face);
      }),
    ).then(useFonts, useFonts);
  }
  // After the browser has painted what it has now: the frame's work, then a task of its own.
  function afterPaint(next) {
    requestAnimationFrame(function () {
      setTimeout(next, 0);
    });
  }

  var started = false;
  function start() {
    if (started) return;
    started = true;
    var later = d.getElementById('after-first-paint');
    if (later && later.content) d.head.appendChild(d.importNode(later.content, true));
    var script = d.createElement('script');
    script.src = '/main.js';
    d.head.appendChild(script);
    if (html.hasAttribute('data-fonts')) return;
    if (d.readyState === 'complete') afterPaint(loadFonts);
    else
      w.addEventListener('load', function () {
        afterPaint(loadFonts);
      });
  }
  if (d.visibilityState === 'hidden') return start();
  d.addEventListener('visibilitychange', function () {
    if (d.visibilityState === 'hidden') start();
  });
  var root = d.getElementById('root');
  var types = typeof PerformanceObserver === 'function' ? PerformanceObserver.supportedEntryTypes || [] : [];
  if (root && root.firstElementChild && types.indexOf('paint') !== -1) {
    var observer = new PerformanceObserver(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      var picture = root.querySelector('img[fetchpriority=high]');
      if (!picture) return start();
      var shown = function () {
        afterPaint(start);
      };
      // Arrived and decoded (a large picture paints only then), or, without decode(), arrived.
      if (picture.decode) return picture.decode().then(shown, start);
      if (picture.complete) return shown();
      picture.addEventListener('load', shown);
      picture.addEventListener('error', start);
    });
    observer.observe({ type: 'paint', buffered: true });
  } else afterPaint(start);
  setTimeout(start, 1000);
})(document, window);

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
  // The shell serves its own actions (`data-shell-action`: sign-in) in a part whose code is not there.
  function waiting(el) {
    if (!d.documentElement.hasAttribute('data-hydrated')) return true;
    return !el.closest('[data-shell-action]') && el.closest('[data-hydrating],[data-hydrate-on]');
  }
  // Decision 047: a held click gets feedback at once (busy, the design system's spinner) and asks
  // its part to load now (`app:held`); a part whose code cannot come says so inline (`app:unavailable`).
  function note(el) {
    var next = el.nextElementSibling;
    return next && next.hasAttribute('data-mfe-note') ? next : null;
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
    if (kind === 'click') {
      var part = target.closest('[data-mfe-slot]');
      if (note(target)) note(target).remove();
      target.setAttribute('aria-busy', 'true');
      if (part) d.dispatchEvent(new CustomEvent('app:held', { detail: part.getAttribute('data-mfe-slot') }));
    }
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
      if (move[0] === 'click') {
        el.removeAttribute('aria-busy');
        el.click();
      } else if (move[0] === 'submit') el.requestSubmit();
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
  d.addEventListener('app:unavailable', function (event) {
    held = held.filter(function (move) {
      var el = move[1];
      var part = el.closest('[data-mfe-slot]');
      if (!part || part.getAttribute('data-mfe-slot') !== event.detail.id) return true;
      if (move[0] !== 'click') return false;
      el.removeAttribute('aria-busy');
      var box = note(el) || d.createElement('span');
      box.setAttribute('data-mfe-note', '');
      box.setAttribute('role', 'alert');
      box.className = 'ds-unavailable';
      box.textContent = 'Unavailable right now. ' + event.detail.why;
      el.after(box);
      return false;
    });
  });
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
