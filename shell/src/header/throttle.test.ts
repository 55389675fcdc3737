import { throttle } from './throttle';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('throttle', () => {
  it('runs the first call at once and folds the calls of a window into one trailing call with the last arguments', () => {
    const fn = jest.fn();
    const t = throttle(fn, 125);
    t(1);
    expect(fn.mock.calls).toEqual([[1]]);
    t(2);
    t(3);
    jest.advanceTimersByTime(124);
    expect(fn.mock.calls).toEqual([[1]]);
    jest.advanceTimersByTime(1);
    expect(fn.mock.calls).toEqual([[1], [3]]);
  });

  it('calls at most once per window, however often it is called', () => {
    const fn = jest.fn();
    const t = throttle(fn, 125);
    // A call every 10 ms for one second.
    for (let ms = 0; ms < 1000; ms += 10) {
      t(ms);
      jest.advanceTimersByTime(10);
    }
    jest.runOnlyPendingTimers();
    expect(fn.mock.calls.length).toBeLessThanOrEqual(Math.ceil(1000 / 125) + 1);
    expect(fn.mock.calls.at(-1)).toEqual([990]);
  });

  it('a call after a quiet window runs at once again', () => {
    const fn = jest.fn();
    const t = throttle(fn, 350);
    t('a');
    jest.advanceTimersByTime(400);
    t('b');
    expect(fn.mock.calls).toEqual([['a'], ['b']]);
  });

  it('cancel drops the pending trailing call', () => {
    const fn = jest.fn();
    const t = throttle(fn, 125);
    t(1);
    t(2);
    t.cancel();
    jest.advanceTimersByTime(500);
    expect(fn.mock.calls).toEqual([[1]]);
    t(3);
    expect(fn.mock.calls).toEqual([[1], [3]]);
  });
});
