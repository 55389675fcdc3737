/** The gate (decision 039): a few tasks at once, the others first come, first served. */
import { createGate } from './gate';

/** A task that runs until `finish` is called, recording when it starts. */
function gate(log: string[], name: string) {
  let finish: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const task = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${name}`);
      finish = () => resolve(name);
      fail = reject;
    });
  return { task, finish: () => finish(), fail: (error: Error) => fail(error) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

it('runs at most n tasks at once and starts the others in the order they came, a failed task freeing its place too', async () => {
  const turn = createGate(2);
  const log: string[] = [];
  const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => gate(log, n)) as [
    ReturnType<typeof gate>,
    ReturnType<typeof gate>,
    ReturnType<typeof gate>,
    ReturnType<typeof gate>,
  ];
  const results = [turn(a.task), turn(b.task), turn(c.task), turn(d.task)];
  await settle();
  expect(log).toEqual(['start a', 'start b']);
  b.fail(new Error('the reader stopped'));
  await expect(results[1]).rejects.toThrow('the reader stopped');
  await settle();
  expect(log).toEqual(['start a', 'start b', 'start c']);
  a.finish();
  await settle();
  expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);
  c.finish();
  d.finish();
  expect(await Promise.all([results[0], results[2], results[3]])).toEqual(['a', 'c', 'd']);
  // Every place is free again: two new tasks start at once.
  const e = gate(log, 'e');
  const f = gate(log, 'f');
  const more = [turn(e.task), turn(f.task)];
  await settle();
  expect(log.slice(-2)).toEqual(['start e', 'start f']);
  e.finish();
  f.finish();
  await Promise.all(more);
});
