import {
  caseStudyAccessEnds,
  foldersOffered,
  isGiftFolder,
  isSubscriptionOrder,
  itemActions,
  LibraryItemSchema,
  orderStatusLabel,
  sharePopupUrl,
  visibleOrderLines,
} from './library';

describe('library rules (SITE-03 to SITE-06, SITE-09)', () => {
  it('shows the gift icon for gift-named slugs only', () => {
    expect(isGiftFolder('gifts')).toBe(true);
    expect(isGiftFolder('my-gift-ideas')).toBe(true);
    expect(isGiftFolder('gifted-leaders')).toBe(false);
    expect(isGiftFolder('strategy')).toBe(false);
  });

  it("offers 'My Library' apart and never another read-only folder", () => {
    const folders = [
      { name: 'My Library', readOnly: true },
      { name: 'Gifts', readOnly: true },
      { name: 'Reading', readOnly: false },
    ];
    const offered = foldersOffered(folders, 'My Library');
    expect(offered.myLibrary?.name).toBe('My Library');
    expect(offered.others.map((f) => f.name)).toEqual(['Reading']);
  });

  it('selectable items show Move, Discard and a bulk checkbox; others Save; read-only nothing', () => {
    expect(itemActions({ readOnly: false, selectable: true }, 'Digital Article', true)).toEqual({
      save: false,
      move: true,
      discard: true,
      share: true,
      buyCopies: true,
      bulk: true,
    });
    expect(itemActions({ readOnly: false, selectable: false }, 'Video', false)).toEqual({
      save: true,
      move: false,
      discard: false,
      share: true,
      buyCopies: false,
      bulk: false,
    });
    expect(Object.values(itemActions({ readOnly: true, selectable: true }, 'Magazine Article', true)).some(Boolean)).toBe(false);
    // Buy Copies needs an article type and a product link.
    expect(itemActions({ readOnly: false, selectable: true }, 'Magazine Article', false).buyCopies).toBe(false);
  });

  it('labels orders Purchased or Cancelled, lists five lines, spots subscriptions', () => {
    expect(orderStatusLabel('CANCELLED')).toBe('Cancelled');
    expect(orderStatusLabel('cancelled')).toBe('Cancelled');
    expect(orderStatusLabel('COMPLETED')).toBe('Purchased');
    expect(visibleOrderLines([1, 2, 3, 4, 5, 6, 7])).toEqual([1, 2, 3, 4, 5]);
    expect(isSubscriptionOrder('Best Subscription, 12 months')).toBe(true);
    expect(isSubscriptionOrder('Case study pack')).toBe(false);
  });

  it('ends case-study access six months after purchase, clamped to the month end', () => {
    expect(caseStudyAccessEnds('2025-01-15T10:00:00Z').toISOString()).toBe('2025-07-15T10:00:00.000Z');
    expect(caseStudyAccessEnds('2024-08-31T00:00:00Z').toISOString()).toBe('2025-02-28T00:00:00.000Z');
  });

  it('builds each network share address with the page encoded', () => {
    const url = 'https://site.example/2025/03/a b';
    expect(sharePopupUrl('facebook', url, 'T')).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fsite.example%2F2025%2F03%2Fa%20b');
    expect(sharePopupUrl('twitter', url, 'A & B')).toContain('text=A%20%26%20B');
    expect(sharePopupUrl('linkedin', url, 'T')).toContain('linkedin.com/sharing/share-offsite/?url=https%3A');
  });

  it('refuses a library item whose activity is not one of the histories', () => {
    const item = {
      id: 'a1',
      title: 'T',
      summary: '',
      url: '/2025/01/t',
      published: '2025-01-01T00:00:00Z',
      contentType: 'Digital Article',
      category: { term: 'Strategy' },
      author: [],
      image: null,
      sponsored: false,
      sponsor: null,
      productStatus: null,
      productLink: null,
      listPrice: null,
      content: {
        kind: 'article',
        activity: 'saved',
        activityAt: '2025-01-02T00:00:00Z',
        selectable: true,
        readOnly: false,
        listIds: ['f1'],
        provider: null,
        sharedWith: [],
        order: null,
      },
    };
    expect(LibraryItemSchema.parse(item).content.activity).toBe('saved');
    expect(LibraryItemSchema.safeParse({ ...item, content: { ...item.content, activity: 'liked' } }).success).toBe(false);
  });
});
