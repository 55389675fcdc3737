import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Stream } from 'shared-contracts/discovery';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import { Home } from '../pages/Home';
import { Carousel, LEAD_SIZES } from './Carousel';
import { installIntersectionObserver, sampleEntry, streamRoutes } from './testing';

const entries = [1, 2, 3].map((n) => sampleEntry({ id: `f${n}`, title: `Featured ${n}`, url: `/2025/03/featured-${n}` }));

function renderCarousel(list = entries) {
  return render(
    <MemoryRouter>
      <Carousel entries={list} label="Featured articles" />
    </MemoryRouter>,
  );
}

const slides = () => screen.getAllByRole('group', { hidden: true }).filter((g) => g.getAttribute('aria-roledescription') === 'slide');

describe('Carousel', () => {
  it('shows one slide at a time with a dot per slide; the first is current', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Featured articles' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    const dots = within(region).getAllByRole('button', { name: /^Show slide \d$/ });
    expect(dots.map((d) => d.getAttribute('aria-label'))).toEqual(['Show slide 1', 'Show slide 2', 'Show slide 3']);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    expect(dots[1]).not.toHaveAttribute('aria-current');
    // Only the current slide is visible to assistive technology and reachable.
    expect(screen.getByRole('link', { name: 'Featured 1' })).toHaveAttribute('href', '/2025/03/featured-1');
    expect(screen.queryByRole('link', { name: 'Featured 2' })).not.toBeInTheDocument();
    expect(slides().map((s) => s.getAttribute('aria-hidden'))).toEqual(['false', 'true', 'true']);
  });

  it('a dot shows its slide, moving the track with the carousel speed', async () => {
    renderCarousel();
    await userEvent.click(screen.getByRole('button', { name: 'Show slide 2' }));
    expect(screen.getByRole('button', { name: 'Show slide 2' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Show slide 1' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Featured 2' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Featured 1' })).not.toBeInTheDocument();
    expect(slides()[1]).toHaveAttribute('aria-label', '2 of 3');
    expect(slides()[0]).toHaveAttribute('inert');
    const track = document.querySelector('.carousel-track') as HTMLElement;
    expect(track.style.transform).toBe('translateX(-100%)');
    expect(track.style.getPropertyValue('--carousel-speed')).toBe('300ms');
  });

  it('has no dots for a single slide', () => {
    renderCarousel(entries.slice(0, 1));
    expect(screen.queryByRole('button', { name: /Show slide/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Featured 1' })).toBeInTheDocument();
  });
});

describe('home page', () => {
  let io: ReturnType<typeof installIntersectionObserver>;
  beforeEach(() => {
    io = installIntersectionObserver();
  });
  afterEach(() => io.restore());

  it('features the first three latest entries in the carousel, then lists The Latest, with one request', async () => {
    const api = mockApiRoutes(streamRoutes('latest', { count: 8 }));
    render(
      <MemoryRouter>
        <Home />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'The Latest' })).toBeInTheDocument();
    const carousel = await screen.findByRole('region', { name: 'Featured articles' });
    expect(within(carousel).getAllByRole('button', { name: /Show slide/ })).toHaveLength(3);
    expect(within(carousel).getByRole('link', { name: 'Page 0 entry 1' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Latest articles' });
    // The list goes on after the carousel's three: the rest of the first page.
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([4, 5, 6, 7, 8].map((n) => `Page 0 entry ${n}`));
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it("never shows a story twice: the carousel's stories are not in the list, on the first page or after", async () => {
    const routes = streamRoutes('latest', { count: 8 });
    // The stream moved on while the reader read (a new story came first): its second page starts
    // with the story that was third on the first page.
    const second = (routes['GET /service/stream/latest/1/8'] as { body: Stream }).body;
    routes['GET /service/stream/latest/1/8'] = {
      body: { ...second, entry: [sampleEntry({ id: 'latest-0-3', title: 'Page 0 entry 3', url: '/2025/03/page-0-entry-3' }), ...second.entry] },
    };
    mockApiRoutes(routes);
    render(
      <MemoryRouter>
        <Home />
      </MemoryRouter>,
    );
    const carousel = await screen.findByRole('region', { name: 'Featured articles' });
    // Every slide's story (hidden slides included), by its link.
    const featured = within(carousel)
      .getAllByRole('link', { hidden: true })
      .map((a) => a.getAttribute('href'));
    expect(featured).toEqual(['/2025/03/page-0-entry-1', '/2025/03/page-0-entry-2', '/2025/03/page-0-entry-3']);
    const listed = () =>
      within(screen.getByRole('list', { name: 'Latest articles' }))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'));
    expect(listed().filter((href) => featured.includes(href))).toEqual([]);
    // The next page (the reader reaches the end of the list) adds its stories, still without a repeat.
    io.reachEnd();
    await screen.findByRole('link', { name: 'Page 1 entry 1' });
    const all = [...featured, ...listed()];
    expect(new Set(all).size).toBe(all.length);
  });

  it('the lead: the first slide has the large priority picture, the others load lazily', async () => {
    const image = (n: number) => `/images/article/f${n}/0123456789ab`;
    renderCarousel(entries.map((e, i) => ({ ...e, image: image(i + 1) })));
    const pictures = [...document.querySelectorAll('.carousel-slide picture.ds-picture')];
    expect(pictures).toHaveLength(3);
    const [lead, ...others] = pictures.map((p) => p.querySelector('img') as HTMLImageElement);
    expect(lead).toHaveAttribute('fetchpriority', 'high');
    expect(lead).not.toHaveAttribute('loading');
    expect(lead).toHaveAttribute('width', '640');
    expect(lead).toHaveAttribute('height', '360');
    expect(lead).toHaveAttribute('alt', '');
    expect(lead).toHaveAttribute('sizes', LEAD_SIZES);
    for (const img of others) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).not.toHaveAttribute('fetchpriority');
    }
  });

  it('/the-latest has the list without the carousel', async () => {
    mockApiRoutes(streamRoutes('latest', { count: 8 }));
    render(
      <MemoryRouter>
        <Home carousel={false} />
      </MemoryRouter>,
    );
    await screen.findByRole('list', { name: 'Latest articles' });
    expect(screen.queryByRole('region', { name: 'Featured articles' })).not.toBeInTheDocument();
  });
});
