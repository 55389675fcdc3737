import { trapTab } from './focus';

function dialog() {
  document.body.innerHTML =
    '<button id="out">out</button><div id="d" tabindex="-1"><button id="a">a</button><input id="b" /><button id="c" disabled>c</button></div>';
  return document.getElementById('d')!;
}
const key = (shiftKey = false) => ({ key: 'Tab', shiftKey, preventDefault: jest.fn() });

describe('trapTab', () => {
  it('wraps Tab from the last enabled element to the first, and Shift+Tab back', () => {
    const d = dialog();
    document.getElementById('b')!.focus();
    const tab = key();
    trapTab(d, tab);
    expect(tab.preventDefault).toHaveBeenCalled();
    expect(document.activeElement?.id).toBe('a');
    trapTab(d, key(true));
    expect(document.activeElement?.id).toBe('b');
  });

  it('brings escaped focus back and leaves other keys and inner moves alone', () => {
    const d = dialog();
    document.getElementById('out')!.focus();
    trapTab(d, key());
    expect(document.activeElement?.id).toBe('a');
    const inner = key();
    trapTab(d, inner);
    expect(inner.preventDefault).not.toHaveBeenCalled();
    const esc = { key: 'Escape', shiftKey: false, preventDefault: jest.fn() };
    trapTab(d, esc);
    expect(esc.preventDefault).not.toHaveBeenCalled();
  });
});
