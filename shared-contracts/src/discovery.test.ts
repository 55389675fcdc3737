import {
  archivePickerSelection,
  firstPageOf,
  keepsPagesInUrl,
  pagesFromUrl,
  searchHref,
  searchPath,
  shouldAutoload,
  StreamSchema,
  topicRoot,
  topicTree,
  STREAM_TYPES,
} from './discovery';
import type { Topic } from './schemas';

const topics: Topic[] = [
  { id: 'tp-strategy', name: 'Strategy', slug: 'strategy', parentId: null },
  { id: 'tp-innovation', name: 'Innovation', slug: 'innovation', parentId: null },
  { id: 'tp-growth-strategy', name: 'Growth strategy', slug: 'growth-strategy', parentId: 'tp-strategy' },
  { id: 'tp-design-thinking', name: 'Design thinking', slug: 'design-thinking', parentId: 'tp-innovation' },
  { id: 'tp-deep', name: 'Deep', slug: 'deep', parentId: 'tp-growth-strategy' },
];

describe('stream paging rules (SITE-09)', () => {
  it('counts pages from 1 for search, webinars, visual-library, analytics and ascend, from 0 for the rest', () => {
    const fromOne = STREAM_TYPES.filter((t) => firstPageOf(t) === 1);
    expect(fromOne).toEqual(['search', 'webinars', 'visual-library', 'analytics', 'ascend']);
    expect(firstPageOf('latest')).toBe(0);
    expect(keepsPagesInUrl('search')).toBe(true);
    expect(keepsPagesInUrl('topic')).toBe(false);
  });

  it('autoloads two pages, then waits for a click unless unlimited', () => {
    expect(shouldAutoload(1)).toBe(true);
    expect(shouldAutoload(2)).toBe(false);
    expect(shouldAutoload(7, true)).toBe(true);
  });

  it('reads the loaded page count from the address, 1 for anything odd', () => {
    expect(pagesFromUrl('3')).toBe(3);
    expect(pagesFromUrl(null)).toBe(1);
    expect(pagesFromUrl('0')).toBe(1);
    expect(pagesFromUrl('-2')).toBe(1);
    expect(pagesFromUrl('2.5')).toBe(1);
    expect(pagesFromUrl('99')).toBe(1);
  });

  it('parses a stream answer and refuses an unknown type', () => {
    const answer = {
      entry: [],
      page: { number: 1, size: 8, totalPages: 0, totalElements: 0, last: true },
      type: 'search',
      isPaywallEnabled: true,
      maintenanceStatus: false,
    };
    expect(StreamSchema.parse(answer).type).toBe('search');
    expect(StreamSchema.safeParse({ ...answer, type: 'podcasts' }).success).toBe(false);
  });
});

describe('search links (SITE-02)', () => {
  it('prefixes links beginning with a question mark with /search', () => {
    expect(searchHref('?term=strategy')).toBe('/search?term=strategy');
    expect(searchHref('/2024/03/x')).toBe('/2024/03/x');
  });

  it('builds the search address with the term encoded', () => {
    expect(searchPath('supply & demand')).toBe('/search?term=supply+%26+demand');
    expect(searchPath('ai', { sort: 'date' })).toBe('/search?term=ai&sort=date');
  });
});

describe('topic taxonomy (PAY-09)', () => {
  it('maps a selected topic to its root, however deep', () => {
    expect(topicRoot(topics, 'tp-deep')?.name).toBe('Strategy');
    expect(topicRoot(topics, 'tp-design-thinking')?.name).toBe('Innovation');
    expect(topicRoot(topics, 'tp-strategy')?.name).toBe('Strategy');
    expect(topicRoot(topics, 'nope')).toBeNull();
  });

  it('survives a cycle in bad data', () => {
    const cyclic: Topic[] = [
      { id: 'a', name: 'A', slug: 'a', parentId: 'b' },
      { id: 'b', name: 'B', slug: 'b', parentId: 'a' },
    ];
    expect(topicRoot(cyclic, 'a')).not.toBeNull();
  });

  it('groups every topic under its root', () => {
    const tree = topicTree(topics);
    expect(tree.map((b) => b.root.name)).toEqual(['Strategy', 'Innovation']);
    expect(tree[0]?.children.map((t) => t.name)).toEqual(['Growth strategy', 'Deep']);
  });
});

describe('archive picker preselection (SITE-02)', () => {
  const years = [
    {
      yearId: '2025',
      issues: [
        { issueMonth: 'January-February', issueURL: '/archive-toc/BR2501' },
        { issueMonth: 'March-April', issueURL: '/archive-toc/BR2502' },
      ],
    },
    {
      yearId: '2004',
      issues: [
        { issueMonth: 'January', issueURL: '/archive-toc/BR0401' },
        { issueMonth: 'July', issueURL: '/archive-toc/BR0407' },
        { issueMonth: 'August', issueURL: '/archive-toc/BR0407' },
      ],
    },
  ];

  it('preselects the first year and its first month', () => {
    expect(archivePickerSelection(years)).toEqual({ yearId: '2025', issueMonth: 'January-February' });
  });

  it('preselects the chosen issue when it is in the chosen year', () => {
    expect(archivePickerSelection(years, { yearId: '2025', issueURL: '/archive-toc/BR2502' })).toEqual({ yearId: '2025', issueMonth: 'March-April' });
    // July and August both point to the July issue: the first of them is preselected.
    expect(archivePickerSelection(years, { yearId: '2004', issueURL: '/archive-toc/BR0407' })).toEqual({ yearId: '2004', issueMonth: 'July' });
  });

  it('falls back to the first month when the chosen issue is not in that year, and to nothing for no years', () => {
    expect(archivePickerSelection(years, { yearId: '2004', issueURL: '/archive-toc/BR2502' })).toEqual({ yearId: '2004', issueMonth: 'January' });
    expect(archivePickerSelection([])).toBeNull();
  });
});
