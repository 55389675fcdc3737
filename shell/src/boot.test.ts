/**
 * boot.js (decision 023): the shell's entry starts only after the browser has had a frame to paint
 * the server's HTML; a tab opened hidden starts it at once.
 */
import fs from 'node:fs';
import path from 'node:path';

const BOOT = fs.readFileSync(path.join(__dirname, 'boot.js'), 'utf8');

function entryScripts(): string[] {
  return [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src') ?? '');
}

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

let frames: FrameRequestCallback[];

beforeEach(() => {
  jest.useFakeTimers();
  frames = [];
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
  document.head.innerHTML = '';
  setVisibility('visible');
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

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

it('starts the entry after a second when no frame comes', () => {
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
  expect(frames).toHaveLength(0);
});
