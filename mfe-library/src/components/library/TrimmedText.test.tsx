import { render, screen } from '@testing-library/react';
import { ELLIPSIS_OVERFLOW_TOLERANCE_PX, TrimmedText } from './TrimmedText';

const TEXT = 'Most plans die between the board room and the shop floor, where the middle managers who carry them have no say in how they are made.';

/** A box 54 px high (three lines) whose content is 18 px a line of 40 characters, plus `extra` px. */
function layout(extra = 0) {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 54 });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return Math.ceil((this.textContent ?? '').length / 40) * 18 + extra;
    },
  });
  // The own properties shadow Element's: deleting them restores jsdom's.
  return () => {
    delete (HTMLElement.prototype as Partial<Record<'clientHeight' | 'scrollHeight', number>>).clientHeight;
    delete (HTMLElement.prototype as Partial<Record<'clientHeight' | 'scrollHeight', number>>).scrollHeight;
  };
}

describe('ellipsis trimming', () => {
  it('cuts a text that overflows by 4 px or more on a whole word, with an ellipsis, keeping the full text in its title', () => {
    const restore = layout();
    try {
      render(<TrimmedText text={TEXT} />);
      const p = screen.getByText(/…$/);
      const shown = p.textContent ?? '';
      expect(shown.length).toBeLessThanOrEqual(120);
      expect(TEXT.startsWith(shown.slice(0, -1))).toBe(true);
      expect(TEXT[shown.length - 1]).toMatch(/[\s,]/); // it stopped at a word's end
      expect(p.scrollHeight - p.clientHeight).toBeLessThan(ELLIPSIS_OVERFLOW_TOLERANCE_PX);
      expect(p).toHaveAttribute('title', TEXT);
    } finally {
      restore();
    }
  });

  it('leaves a text alone when it overflows by less than 4 px', () => {
    const restore = layout(3);
    try {
      render(<TrimmedText text="Fits in three lines, with a descender." />);
      const p = screen.getByText('Fits in three lines, with a descender.');
      expect(p).not.toHaveAttribute('title');
      expect(ELLIPSIS_OVERFLOW_TOLERANCE_PX).toBe(4);
    } finally {
      restore();
    }
  });
});
