/**
 * boot.js (decisions 023 and 024): the shell's entry, and the preloads waiting in index.html's
 * after-first-paint template, start only after the browser has painted: on a page with the server's
 * HTML in #root, when the first contentful paint is reported; on any other page, after the next
 * frame. A tab opened (or turned) hidden starts them at once.
 */
import fs from 'node:fs';
import path from 'node:path';

const BOOT = fs.readFileSync(path.join(__dirname, 'boot.js'), 'utf8');

function entryScripts(): string[] {
  return [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src') ?? '');
}

const TEMPLATE =
  '<template id="after-first-paint"><link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous">' +
  '<link rel="preload" as="script" href="/main.js"><link rel="preload" as="script" href="/7470.0123abcd.js"></template>';

/** The preloads live in the document (not in the inert template), in order. */
function livePreloads(): string[] {
  return [...document.head.querySelectorAll('link[rel=preload]')].map((l) => `${l.getAttribute('as')} ${l.getAttribute('href')}`);
}

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

let frames: FrameRequestCallback[];
let documentListeners: [string, EventListener][];

/** A PerformanceObserver for 'paint' whose entries the test reports. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  static instances: FakePaintObserver[] = [];
  observed: unknown = null;
  disconnected = false;
  constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
    FakePaintObserver.instances.push(this);
  }
  observe(options: unknown): void {
    this.observed = options;
  }
  disconnect(): void {
    this.disconnected = true;
  }
  report(name: string): void {
    this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

beforeEach(() => {
  jest.useFakeTimers();
  frames = [];
  documentListeners = [];
  FakePaintObserver.instances = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
  jest.spyOn(document, 'addEventListener').mockImplementation((type: string, listener: EventListenerOrEventListenerObject) => {
    documentListeners.push([type, listener as EventListener]);
  });
  document.head.innerHTML = TEMPLATE;
  document.body.innerHTML = '<div id="root"></div>';
  setVisibility('visible');
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  delete (window as { PerformanceObserver?: unknown }).PerformanceObserver;
});

function withServerHtml(): void {
  document.body.innerHTML = '<div id="root"><main id="main" class="page"><h1>The Latest</h1></main></div>';
  (window as { PerformanceObserver?: unknown }).PerformanceObserver = FakePaintObserver;
}

/** Server HTML led by a picture (`fetchpriority="high"`) that has not arrived yet. */
function withLeadPicture(decode?: () => Promise<void>): HTMLImageElement {
  withServerHtml();
  const picture = document.createElement('img');
  picture.setAttribute('fetchpriority', 'high');
  Object.defineProperty(picture, 'complete', { configurable: true, get: () => false });
  if (decode) picture.decode = decode;
  document.querySelector('main')!.append(picture);
  return picture;
}

/** Runs the frames asked for so far, then the tasks they set: the browser paints. */
function paint(): void {
  frames.splice(0).forEach((cb) => cb(16));
  jest.advanceTimersByTime(0);
}

it('adds /main.js only after the next frame, once', () => {
  new Function(BOOT)();
  expect(entryScripts()).toEqual([]);
  frames.forEach((cb) => cb(16));
  expect(entryScripts()).toEqual([]); // the frame paints first; the entry starts in the next task
  jest.advanceTimersByTime(0);
  expect(entryScripts()).toEqual(['/main.js']);
  jest.advanceTimersByTime(2000);
  expect(entryScripts()).toEqual(['/main.js']);
});

it("starts the template's preloads with the entry, not before the frame", () => {
  new Function(BOOT)();
  frames.forEach((cb) => cb(16));
  expect(livePreloads()).toEqual([]); // inert in the template until then
  jest.advanceTimersByTime(0);
  expect(livePreloads()).toEqual(['fetch /remotes.json', 'script /main.js', 'script /7470.0123abcd.js']);
  const remotes = document.head.querySelector('link[href="/remotes.json"]');
  expect(remotes?.getAttribute('crossorigin')).toBe('anonymous'); // the mode the shell's fetch uses
  jest.advanceTimersByTime(2000);
  expect(livePreloads()).toHaveLength(3);
});

it('starts the entry after a second when no frame comes', () => {
  new Function(BOOT)();
  jest.advanceTimersByTime(999);
  expect(entryScripts()).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(entryScripts()).toEqual(['/main.js']);
});

it("on a page with the server's HTML, starts when the first contentful paint is reported, not at the frame", () => {
  withServerHtml();
  new Function(BOOT)();
  const observer = FakePaintObserver.instances[0]!;
  expect(observer.observed).toEqual({ type: 'paint', buffered: true });
  frames.forEach((cb) => cb(16));
  jest.advanceTimersByTime(0);
  expect(entryScripts()).toEqual([]); // a frame is not yet the presented paint
  observer.report('first-paint');
  expect(entryScripts()).toEqual([]);
  observer.report('first-contentful-paint');
  expect(entryScripts()).toEqual(['/main.js']);
  expect(livePreloads()).toHaveLength(3);
  expect(observer.disconnected).toBe(true);
});

it('on a page with nothing of its own in #root, starts after the frame without waiting for a paint', () => {
  (window as { PerformanceObserver?: unknown }).PerformanceObserver = FakePaintObserver;
  new Function(BOOT)();
  expect(FakePaintObserver.instances).toHaveLength(0);
  frames.forEach((cb) => cb(16));
  jest.advanceTimersByTime(0);
  expect(entryScripts()).toEqual(['/main.js']);
});

it('starts at once when the tab turns hidden before the paint, and after a second when no paint is reported', () => {
  withServerHtml();
  new Function(BOOT)();
  setVisibility('hidden');
  documentListeners.filter(([type]) => type === 'visibilitychange').forEach(([, listener]) => listener(new Event('visibilitychange')));
  expect(entryScripts()).toEqual(['/main.js']);

  document.head.innerHTML = TEMPLATE;
  setVisibility('visible');
  new Function(BOOT)();
  jest.advanceTimersByTime(999);
  expect(entryScripts()).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(entryScripts()).toEqual(['/main.js']);
});

it('starts the entry at once in a tab opened hidden', () => {
  setVisibility('hidden');
  new Function(BOOT)();
  expect(entryScripts()).toEqual(['/main.js']);
  expect(livePreloads()).toHaveLength(3);
  expect(frames).toHaveLength(0);
});

it("on a page whose server HTML holds the first view's largest picture, starts only once that picture has arrived and been painted", () => {
  const picture = withLeadPicture();
  new Function(BOOT)();
  FakePaintObserver.instances[0]!.report('first-contentful-paint');
  paint();
  expect(entryScripts()).toEqual([]); // the scripts would take the picture's bandwidth
  picture.dispatchEvent(new Event('load'));
  expect(entryScripts()).toEqual([]); // arrived, not yet painted
  paint();
  expect(entryScripts()).toEqual(['/main.js']);
});

it('waits for the largest picture to be decoded too, where the browser can say', async () => {
  let decoded!: () => void;
  withLeadPicture(() => new Promise<void>((resolve) => (decoded = resolve)));
  new Function(BOOT)();
  FakePaintObserver.instances[0]!.report('first-contentful-paint');
  await Promise.resolve();
  paint();
  expect(entryScripts()).toEqual([]);
  decoded();
  await Promise.resolve();
  await Promise.resolve();
  paint();
  expect(entryScripts()).toEqual(['/main.js']);
});

it('a largest picture that cannot be fetched holds nothing back', () => {
  const picture = withLeadPicture();
  new Function(BOOT)();
  FakePaintObserver.instances[0]!.report('first-contentful-paint');
  picture.dispatchEvent(new Event('error'));
  expect(entryScripts()).toEqual(['/main.js']);
});

describe('the web fonts (decision 040)', () => {
  let asked: string[];
  let arrive: (() => void)[];
  const html = document.documentElement;
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  beforeEach(() => {
    asked = [];
    arrive = [];
    localStorage.clear();
    html.removeAttribute('data-fonts');
    const load = (face: string) => {
      asked.push(face);
      return new Promise<void>((resolve) => arrive.push(resolve));
    };
    Object.defineProperty(document, 'fonts', { configurable: true, value: { load } });
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'interactive' });
  });

  afterEach(() => {
    delete (document as { fonts?: unknown }).fonts;
    delete (document as { readyState?: unknown }).readyState;
  });

  it("on a reader's first visit, asks for the faces only once the scripts have started and the page has loaded and painted, and switches once all four have come", async () => {
    new Function(BOOT)();
    paint();
    expect(entryScripts()).toEqual(['/main.js']);
    expect(asked).toEqual([]); // the page is still loading: its own downloads first
    window.dispatchEvent(new Event('load'));
    expect(asked).toEqual([]);
    paint();
    expect(asked).toEqual(['400 1em "Source Serif 4"', '700 1em "Source Serif 4"', '400 1em "Source Sans 3"', '700 1em "Source Sans 3"']);
    arrive.slice(0, 3).forEach((done) => done());
    await flush();
    expect(html.hasAttribute('data-fonts')).toBe(false); // one change of face, not four
    arrive[3]!();
    await flush();
    expect(html.hasAttribute('data-fonts')).toBe(true);
    expect(localStorage.getItem('tmr-fonts')).toBe('1');
  });

  it('on a later visit, uses the faces from the start: they are in the browser cache', () => {
    localStorage.setItem('tmr-fonts', '1');
    new Function(BOOT)();
    expect(html.hasAttribute('data-fonts')).toBe(true);
    expect(asked).toEqual([]);
  });

  it('a face that cannot be fetched still lets the others show', async () => {
    Object.defineProperty(document, 'readyState', { configurable: true, get: () => 'complete' });
    Object.defineProperty(document, 'fonts', { configurable: true, value: { load: () => Promise.reject(new Error('offline')) } });
    new Function(BOOT)();
    paint();
    paint();
    await flush();
    expect(html.hasAttribute('data-fonts')).toBe(true);
  });
});

it('keeps a choice the reader made before it ran (the document still arriving): found by its changed value, replayed once the page is live', () => {
  withServerHtml();
  document
    .querySelector('main')!
    .insertAdjacentHTML(
      'beforeend',
      '<select id="year"><option value="2025" selected>2025</option><option value="2004">2004</option></select><input id="q" value="">',
    );
  const select = document.querySelector<HTMLSelectElement>('#year')!;
  select.value = '2004';
  new Function(BOOT)();
  // The app renders the server's value again while it hydrates; the reader's choice comes back after.
  select.value = '2025';
  const changes: string[] = [];
  select.addEventListener('change', () => changes.push(select.value));
  document.documentElement.setAttribute('data-hydrated', '');
  documentListeners.filter(([type]) => type === 'app:hydrated').forEach(([, listener]) => listener(new Event('app:hydrated')));
  jest.advanceTimersByTime(0);
  expect(select.value).toBe('2004');
  expect(changes).toEqual(['2004']);
  document.documentElement.removeAttribute('data-hydrated');
});
