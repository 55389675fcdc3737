/** Reading a click's Event Timing entries. */
import { clickFigures, interactionTable, ownTransferMs, runValues, slowLineTable } from './bench-interactions';

it("takes the click's duration, and the longest entry of the same interaction", () => {
  const entries = [
    { name: 'pointerdown', duration: 24, interactionId: 7, startTime: 100 },
    { name: 'pointerup', duration: 112, interactionId: 7, startTime: 110 },
    { name: 'click', duration: 104, interactionId: 7, startTime: 111 },
    { name: 'pointerover', duration: 200, interactionId: 0, startTime: 90 },
  ];
  expect(clickFigures(entries)).toEqual({ click: 104, interaction: 112 });
  expect(clickFigures(entries.filter((e) => e.name !== 'click'))).toEqual({});
});

it('counts a click under the threshold as 16 ms and leaves failed runs out', () => {
  const runs = [{ click: 48, interaction: 56 }, {}, { error: 'timeout' }];
  expect(runValues(runs)).toEqual([48, 16]);
  const table = interactionTable([{ name: 'open sign-in', path: '/', runs }]).split('\n');
  expect(table[2]).toBe('| open sign-in | `/` | 48 (16-48) met | 56 | 48, <16 | 1 |');
});

it("counts the code's own transfer on the slow line: from the click until the last script still arriving has arrived", () => {
  const scripts = [
    { transferSize: 100_000, responseEnd: 500 },
    { transferSize: 25_000, responseEnd: 1500 },
    { transferSize: 5_000, responseEnd: 2500 },
  ];
  expect(ownTransferMs(scripts, 1000)).toBe(1500);
  expect(ownTransferMs(scripts, 3000)).toBe(0);
  const table = slowLineTable([{ name: 'add to cart', path: '/product/x', runs: [{ feedback: 8, result: 1800, transfer: 1000 }, { error: 'timeout' }] }]).split(
    '\n',
  );
  expect(table[2]).toBe('| add to cart | `/product/x` | 8 met | 1800 | 1000 | met | 1 |');
});
