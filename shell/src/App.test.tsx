import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from './App';

jest.mock('./RemoteSlot', () => ({
  RemoteSlot: ({ remote, module }: { remote: string; module: string }) => <div data-testid="slot" data-slot={`${remote}/${module}`} />,
  SlotFallback: () => null,
}));

function slotsAt(path: string): string[] {
  globalThis.fetch = jest.fn(() => new Promise<Response>(() => {})) as unknown as typeof fetch;
  const { container, unmount } = render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );
  const slots = [...container.querySelectorAll('[data-slot]')].map((e) => e.getAttribute('data-slot') ?? '');
  unmount();
  return slots.filter((s) => s !== 'store/MiniCart');
}

describe('route ownership', () => {
  it.each([
    ['/store', 'store/App'],
    ['/store/books', 'store/App'],
    ['/product/the-strategy-book/AV-1001', 'store/App'],
    ['/shopping-cart', 'store/App'],
    ['/my-library', 'library/App'],
    ['/my-library/library/strategy-reads', 'library/App'],
    ['/email-newsletters', 'library/App'],
    ['/video/1001/leading-teams', 'video/App'],
    ['/video/embed/1001/leading-teams', 'video/App'],
    ['/visual-library', 'visualLibrary/App'],
  ])('%s belongs to %s', (path, slot) => {
    expect(slotsAt(path)).toEqual([slot]);
  });

  it('an article path is the shell article page, not a remote page', () => {
    expect(slotsAt('/2025/03/why-plans-fail')).toEqual([]);
  });
});

describe('video embeds', () => {
  it('show the video remote alone: no header, no mini cart, no footer', () => {
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => {})) as unknown as typeof fetch;
    const { container } = render(
      <MemoryRouter initialEntries={['/video/embed/1001/leading-teams']}>
        <App />
      </MemoryRouter>,
    );
    expect([...container.querySelectorAll('[data-slot]')].map((e) => e.getAttribute('data-slot'))).toEqual(['video/App']);
    expect(container.querySelector('header')).toBeNull();
    expect(container.querySelector('footer')).toBeNull();
  });
});
