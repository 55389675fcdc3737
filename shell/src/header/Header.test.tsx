/**
 * The header's phone menu: the 'Menu' button shows and hides the main navigation
 * (aria-expanded, which the styles read, and aria-controls); while it is open Tab cycles between the
 * button and the navigation's links, Escape closes it and gives the focus back to the button, and
 * choosing a link, any navigation or a press on the backdrop closes it. The server renders it closed.
 */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { userStore } from 'shared-contracts';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import { LocationProbe } from '../discovery/testing';
import { Header } from './Header';

jest.mock('../RemoteSlot', () => ({
  RemoteSlot: () => null,
  SlotFallback: () => null,
}));

const SECTIONS = ['Latest', 'Magazine', 'Topics', 'Video', 'Visual Library', 'Store', 'My Library'];

function page(path = '/topics') {
  return (
    <MemoryRouter initialEntries={[path]}>
      <button type="button">Before</button>
      <Header />
      <LocationProbe />
      <button type="button">After</button>
    </MemoryRouter>
  );
}

/** The header as the server sends it. */
function htmlFromServer(): string {
  return renderToString(page());
}

function renderHeader(path?: string) {
  act(() => userStore.getState().setUser(null));
  const view = render(page(path));
  const button = screen.getByRole('button', { name: 'Menu' });
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const links = within(nav).getAllByRole('link');
  return { view, button, nav, links };
}

beforeEach(() => {
  mockApiRoutes({ 'GET /api/shopping-cart': { body: { itemCount: 0, lastModified: null } } });
});

describe('the header menu (phone)', () => {
  it('is a button named Menu that controls the main navigation, closed at first, with the same section links', () => {
    const { button, nav, links } = renderHeader('/magazine');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', nav.id);
    expect(nav.id).toBe('main-nav');
    expect(links.map((l) => l.textContent)).toEqual(SECTIONS);
    expect(within(nav).getByRole('link', { name: 'Magazine' })).toHaveClass('active');
    expect(within(nav).getByRole('link', { name: 'Latest' })).not.toHaveClass('active');
  });

  it('renders closed on the server', () => {
    act(() => userStore.getState().setUser(null));
    const view = htmlFromServer();
    expect(view).toMatch(/<button type="button" class="menu-button icon" aria-label="Menu" aria-expanded="false" aria-controls="main-nav"><\/button>/);
    expect(view).not.toContain('menu-backdrop');
  });

  it('opens and closes with the button: aria-expanded follows', async () => {
    const user = userEvent.setup();
    const { button } = renderHeader();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps Tab and Shift+Tab between the button and the links while open', async () => {
    const user = userEvent.setup();
    const { button, links } = renderHeader();
    await user.click(button);
    expect(button).toHaveFocus();
    await user.tab();
    expect(links[0]).toHaveFocus();
    for (let i = 1; i < links.length; i++) await user.tab();
    expect(links[links.length - 1]).toHaveFocus();
    await user.tab(); // past the last link: back to the button, not out of the header
    expect(button).toHaveFocus();
    await user.tab({ shift: true }); // and backwards from the button to the last link
    expect(links[links.length - 1]).toHaveFocus();
    // Focus that got elsewhere comes back in with the next Tab.
    act(() => screen.getByRole('button', { name: 'After' }).focus());
    await user.tab();
    expect(button).toHaveFocus();
  });

  it('lets Tab leave the header once closed', async () => {
    const user = userEvent.setup();
    const { button, links } = renderHeader();
    await user.click(button);
    await user.click(button);
    await user.tab();
    expect(links[0]).not.toHaveFocus();
    expect(button).not.toHaveFocus();
  });

  it('closes on Escape and gives the focus back to the button', async () => {
    const user = userEvent.setup();
    const { button, links } = renderHeader();
    await user.click(button);
    await user.tab();
    await user.tab();
    expect(links[1]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes when the reader chooses a link, and the page changes', async () => {
    const user = userEvent.setup();
    const { button, nav } = renderHeader('/topics');
    await user.click(button);
    await user.click(within(nav).getByRole('link', { name: 'Store' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/store');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('link', { name: 'Store' })).toHaveClass('active');
  });

  it('closes on any navigation, and on a press on the backdrop', async () => {
    const user = userEvent.setup();
    const { view, button } = renderHeader('/topics');
    await user.click(button);
    await user.click(screen.getByRole('link', { name: 'The Management Review, home' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    const backdrop = view.container.querySelector<HTMLElement>('.menu-backdrop')!;
    expect(backdrop).not.toBeNull();
    await user.click(backdrop);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(view.container.querySelector('.menu-backdrop')).toBeNull();
  });
});
