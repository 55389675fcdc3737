import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bus, type EventMap } from 'shared-contracts';
import { sampleUser } from 'shared-contracts/src/testing';
import { renderArticle, sampleArticle } from '../article/testing';

jest.mock('../RemoteSlot', () => ({
  RemoteSlot: ({ remote, module, placeholder }: { remote: string; module: string; placeholder?: React.ReactNode }) => (
    <div data-mfe-slot={`${remote}/${module}`} data-mfe-status="loading">
      {placeholder}
    </div>
  ),
  SlotFallback: () => null,
}));

function listen<K extends keyof EventMap>(type: K) {
  const seen: EventMap[K][] = [];
  const off = bus.on(type, (p) => seen.push(p));
  return { seen, off };
}

describe('article headline', () => {
  it('shows the topic linking to its topic page, the title, the dek, the authors, the date and the lead', async () => {
    const a = sampleArticle();
    await renderArticle(a);
    expect(screen.getByRole('link', { name: 'Leading Teams' })).toHaveAttribute('href', '/topic/leading-teams');
    expect(screen.getByText('Most plans die between the board room and the shop floor.')).toBeInTheDocument();
    expect(screen.getByText('By Jo Writer')).toBeInTheDocument();
    const time = screen.getByText('March 04, 2025');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2025-03-04T00:00:00.000Z');
    // The body is the gate's; while it loads the slot shows the lead.
    expect(screen.getByText(a.lead)).toBeInTheDocument();
    expect(document.querySelector('[data-mfe-slot="paywall/ArticleGate"]')).toBeInTheDocument();
  });

  it('links a topic without its own URL to /topic/{name-lowercased-hyphenated}', async () => {
    await renderArticle(sampleArticle({ topic: { name: 'Decision Making and Problem Solving', url: '' } }));
    expect(screen.getByRole('link', { name: 'Decision Making and Problem Solving' })).toHaveAttribute('href', '/topic/decision-making-and-problem-solving');
  });

  it.each([
    [['Ann Lee', 'Bo Chen'], 'By Ann Lee and Bo Chen'],
    [['Ann Lee', 'Bo Chen', 'Cy Dorn'], 'By Ann Lee, Bo Chen and Cy Dorn'],
  ])('joins the authors %j as "%s"', async (names, byline) => {
    await renderArticle(sampleArticle({ author: names.map((name) => ({ name })) }));
    expect(screen.getByText(byline)).toBeInTheDocument();
  });

  it('shows the series when there is one, and no series or Big Idea marker otherwise', async () => {
    const { unmount } = await renderArticle(sampleArticle({ series: 'Spotlight' }));
    expect(screen.getByText('Spotlight')).toBeInTheDocument();
    expect(screen.queryByText('Big Idea')).not.toBeInTheDocument();
    unmount();
    await renderArticle(sampleArticle({ id: 'a2' }));
    expect(screen.queryByText('Spotlight')).not.toBeInTheDocument();
    expect(document.querySelector('.series')).toBeNull();
  });

  it('marks a Big Idea once (its "The Big Idea" series is not repeated)', async () => {
    await renderArticle(sampleArticle({ bigIdea: true, series: 'The Big Idea' }));
    expect(screen.getByText('Big Idea')).toBeInTheDocument();
    expect(screen.queryByText('The Big Idea')).not.toBeInTheDocument();
  });

  it('the kicker names the topic and the content type', async () => {
    await renderArticle(sampleArticle({ contentType: 'Digital Article' }));
    const kicker = document.querySelector('.article-kicker') as HTMLElement;
    expect(within(kicker).getByRole('link', { name: 'Leading Teams' })).toBeInTheDocument();
    expect(within(kicker).getByText('Digital Article')).toHaveClass('content-type');
  });

  it("the hero picture is the first view's largest: at once, fetchpriority high, its size set, decorative", async () => {
    const image = '/images/article/a1/0123456789ab';
    await renderArticle(sampleArticle({ image }));
    const picture = document.querySelector('article picture.article-hero') as HTMLElement;
    expect(picture).toHaveClass('ds-picture');
    // After the headline block, before the toolbar and the body.
    expect(document.querySelector('.article-headline')!.compareDocumentPosition(picture) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect([...picture.querySelectorAll('source')].map((s) => [s.getAttribute('type'), s.getAttribute('srcset')?.split(', ')[0]])).toEqual([
      ['image/avif', `${image}-320.avif 320w`],
      ['image/webp', `${image}-320.webp 320w`],
    ]);
    const img = picture.querySelector('img') as HTMLImageElement;
    expect(img).toHaveAttribute('src', `${image}-640.jpg`);
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('loading');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
    expect(img).toHaveAttribute('alt', '');
    expect(img.getAttribute('sizes')).toMatch(/100vw$/);
    expect(document.querySelectorAll('img[fetchpriority="high"]')).toHaveLength(1);
  });

  it('has no hero without a picture', async () => {
    await renderArticle(sampleArticle({ image: null }));
    expect(document.querySelector('picture, img')).toBeNull();
  });

  it('titles the document "{title} | The Management Review" and gives the old title back on leave', async () => {
    document.title = 'The Management Review';
    const { unmount } = await renderArticle(sampleArticle());
    expect(document.title).toBe('Why Strategy Fails in the Middle | The Management Review');
    unmount();
    expect(document.title).toBe('The Management Review');
  });
});

describe('article actions', () => {
  it('is a toolbar named Article actions carrying the article id', async () => {
    await renderArticle(sampleArticle());
    const toolbar = screen.getByRole('toolbar', { name: 'Article actions' });
    expect(toolbar).toHaveAttribute('data-article-actions');
    expect(toolbar).toHaveAttribute('data-article-id', 'a1');
  });

  it('Share discloses email, LinkedIn, X and Facebook links for the absolute article URL, each in a new tab', async () => {
    const user = userEvent.setup();
    await renderArticle(sampleArticle());
    const share = screen.getByRole('button', { name: 'Share' });
    expect(share).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'LinkedIn' })).not.toBeInTheDocument();

    await user.click(share);
    expect(share).toHaveAttribute('aria-expanded', 'true');
    const url = encodeURIComponent('http://localhost/2025/03/why-strategy-fails-in-the-middle');
    const title = encodeURIComponent('Why Strategy Fails in the Middle');
    const hrefs = {
      Email: `mailto:?subject=${title}&body=${encodeURIComponent('Most plans die between the board room and the shop floor.\n\n')}${url}`,
      LinkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
      X: `https://x.com/intent/tweet?url=${url}&text=${title}`,
      Facebook: `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    };
    for (const [name, href] of Object.entries(hrefs)) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/);
    }

    // Escape closes the list and gives focus back to Share.
    screen.getByRole('link', { name: 'X' }).focus();
    await user.keyboard('{Escape}');
    expect(share).toHaveAttribute('aria-expanded', 'false');
    expect(share).toHaveFocus();
  });

  it('asks a guest to sign in to save', async () => {
    const user = userEvent.setup();
    const { seen, off } = listen('auth:open');
    await renderArticle(sampleArticle());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(seen).toEqual([{ screen: 'signin' }]);
    off();
  });

  it("mounts My Library's ItemActions for the article, the shell's toolbar standing in meanwhile (no Save for members)", async () => {
    await renderArticle(sampleArticle(), sampleUser());
    const slotEl = document.querySelector('[data-mfe-slot="library/ItemActions"]');
    expect(slotEl).toBeInTheDocument();
    const toolbar = within(slotEl as HTMLElement).getByRole('toolbar', { name: 'Article actions' });
    expect(within(toolbar).getByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(within(toolbar).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('is one tab stop: arrow keys move between Share and Save', async () => {
    const user = userEvent.setup();
    await renderArticle(sampleArticle());
    const share = screen.getByRole('button', { name: 'Share' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(share).toHaveAttribute('tabindex', '0');
    expect(save).toHaveAttribute('tabindex', '-1');
    act(() => share.focus());
    await user.keyboard('{ArrowRight}');
    expect(save).toHaveFocus();
    expect(save).toHaveAttribute('tabindex', '0');
    await user.keyboard('{ArrowRight}');
    expect(share).toHaveFocus();
  });
});

describe('Buy Copies', () => {
  it('links a magazine article with a product link to its product page', async () => {
    await renderArticle(sampleArticle({ contentType: 'Magazine Article', productLink: '/product/why-strategy-fails/RA1-PDF' }));
    expect(screen.getByRole('link', { name: 'Buy Copies of Why Strategy Fails in the Middle' })).toHaveAttribute('href', '/product/why-strategy-fails/RA1-PDF');
  });

  it('is absent without a product link', async () => {
    await renderArticle(sampleArticle({ contentType: 'Digital Article', productLink: null }));
    expect(screen.queryByText('Buy Copies')).not.toBeInTheDocument();
  });
});
