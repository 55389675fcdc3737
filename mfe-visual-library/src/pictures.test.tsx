/**
 * The visual library on the design system (decision 035): charts at their drawn size (their box is kept
 * before they load: no layout shift), the feed's first chart loaded first and the rest lazy, the
 * collections' generated pictures (decorative, sized, lazy), and the subject tabs on ds-tabs with
 * their roles and keys unchanged.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userStore } from 'shared-contracts';
import { mockFetch } from 'shared-contracts/src/testing';
import { chart, chartPage, collection, renderWith, subjects } from './testing';

const IMAGE = '/images/collection/k1/0123456789ab';

function api() {
  return mockFetch((_path, url) => {
    if (url.pathname === '/api/data-and-visuals/subjects') return { body: subjects };
    if (url.pathname === '/api/data-and-visuals/collections') return { body: { collections: [{ ...collection(1), image: IMAGE }, collection(2)] } };
    if (url.pathname === '/api/data-and-visuals') {
      return {
        body: chartPage(
          Array.from({ length: 10 }, (_, i) => chart(i + 1, 'Strategy')),
          1,
          1,
          10,
        ),
      };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

beforeEach(() => userStore.getState().setUser(null));

it("keeps every chart's 640 x 400 box, loads the first chart first and the others lazily", async () => {
  api();
  renderWith('/visual-library');
  const list = await screen.findByRole('list', { name: 'Charts' });
  expect(list).toHaveClass('ds-grid');
  const first = await within(list).findByRole('img', { name: 'Chart number 1' });
  expect(first).toHaveAttribute('width', '640');
  expect(first).toHaveAttribute('height', '400');
  expect(first).toHaveAttribute('fetchpriority', 'high');
  expect(first).not.toHaveAttribute('loading');
  for (const n of [2, 5, 10]) {
    const img = within(list).getByRole('img', { name: `Chart number ${n}` });
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '400');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
  }
  expect(within(list).getAllByRole('link', { name: 'Download Chart' })[0]).toHaveClass('ds-button');
});

it("shows a collection's generated picture, decorative, sized and lazy; a collection without one shows its chart", async () => {
  api();
  renderWith('/visual-library');
  const list = await screen.findByRole('list', { name: 'Charts' });
  const cards = await within(list).findAllByRole('heading', { level: 3, name: /^Collection \d$/ });
  const [withImage, without] = cards.map((h) => h.closest('li')!);
  const img = withImage!.querySelector('picture.collection-image img')!;
  expect(img).toHaveAttribute('alt', '');
  expect(img).toHaveAttribute('width', '640');
  expect(img).toHaveAttribute('height', '360');
  expect(img).toHaveAttribute('loading', 'lazy');
  expect(img).toHaveAttribute('src', `${IMAGE}-640.jpg`);
  expect(withImage!.querySelector('source[type="image/webp"]')).toHaveAttribute('srcset', expect.stringContaining(`${IMAGE}-320.webp 320w`));
  expect(without!.querySelector('img')).toHaveAttribute('src', '/images/k2.png');
  expect(without!.querySelector('img')).toHaveAttribute('loading', 'lazy');
});

it('draws the subject tabs as ds-tabs, with the tab roles and the arrow keys as before', async () => {
  api();
  renderWith('/visual-library');
  const tablist = screen.getByRole('tablist', { name: 'Subjects' });
  expect(tablist).toHaveClass('ds-tabs');
  const all = await within(tablist).findByRole('tab', { name: 'All Data & Visuals' });
  for (const tab of within(tablist).getAllByRole('tab')) expect(tab).toHaveClass('ds-tab');
  all.focus();
  await userEvent.keyboard('{ArrowRight}');
  const strategy = within(tablist).getByRole('tab', { name: 'Strategy' });
  expect(strategy).toHaveFocus();
  expect(strategy).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByTestId('location')).toHaveTextContent('/visual-library?filter=4294967001');
});
