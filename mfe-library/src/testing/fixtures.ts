/**
 * Fixtures of the My Library tests: library items, folders and a fake of the library API over
 * mockApiRoutes that pages lists as the server does (page from 0, size, page.last) and keeps its
 * data in mutable fields, so a test can change what the next load answers.
 */
import { act } from '@testing-library/react';
import { userStore, type Folder, type User } from 'shared-contracts';
import type { Following, StreamEntry } from 'shared-contracts/discovery';
import type { LibraryActivity, LibraryContent, LibraryItem, OrderEntry } from 'shared-contracts/library';
import { mockApiRoutes, sampleStreamEntry, sampleUser, type ApiRoute } from 'shared-contracts/src/testing';

export const myLibrary: Folder = { id: 'f-lib', name: 'My Library', description: '', slug: 'my-library', readOnly: true, itemCount: 3 };
export const strategy: Folder = {
  id: 'f-strategy',
  name: 'Strategy reads',
  description: 'Long reads on strategy.',
  slug: 'strategy-reads',
  readOnly: false,
  itemCount: 2,
};
export const gifts: Folder = { id: 'f-gifts', name: 'Holiday gifts', description: '', slug: 'holiday-gifts', readOnly: false, itemCount: 1 };
export const sampleFolders: Folder[] = [myLibrary, strategy, gifts];

export function libraryItem(over: Partial<StreamEntry> & { id: string }, content: Partial<LibraryContent> = {}): LibraryItem {
  return {
    ...sampleStreamEntry({ title: `Article ${over.id}`, url: `/2025/03/article-${over.id}`, ...over }),
    content: {
      kind: 'article',
      activity: 'saved',
      activityAt: '2025-03-04T10:00:00.000Z',
      selectable: true,
      readOnly: false,
      listIds: ['f-lib'],
      provider: null,
      sharedWith: [],
      order: null,
      ...content,
    },
  };
}

/** `n` saved items a1..an. */
export function savedItems(n: number, prefix = 'a'): LibraryItem[] {
  return Array.from({ length: n }, (_, i) => libraryItem({ id: `${prefix}${i + 1}` }));
}

export function order(over: Partial<OrderEntry> = {}): OrderEntry {
  return {
    orderId: 'o1',
    orderStatus: 'COMPLETED',
    lineItems: [{ title: 'Good Strategy Now', contentType: 'Book', authors: ['Jo Writer'] }],
    grandTotalIncTax: 12345,
    itemCount: 1,
    orderUrl: '/order/o1',
    accountNumber: null,
    caseStudyAccessEndsAt: null,
    ...over,
  };
}

export function orderedItem(id: string, title: string, o: Partial<OrderEntry> = {}): LibraryItem {
  return libraryItem(
    { id, title, url: `/order/${id}`, contentType: 'Order', category: { term: '' } },
    { activity: 'ordered', selectable: false, readOnly: true, listIds: [], order: order({ orderId: id, orderUrl: `/order/${id}`, ...o }) },
  );
}

/** A page of `items` as the server answers it. */
export function pageOf<T>(items: readonly T[], page: number, size: number, type = 'saves') {
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  return {
    entry: items.slice(page * size, (page + 1) * size),
    page: { number: page, size, totalPages, totalElements: items.length, last: page >= totalPages - 1 },
    type,
    isPaywallEnabled: false,
    maintenanceStatus: false,
  };
}

function paged<T>(items: () => readonly T[], type: string): ApiRoute {
  return ({ url }) => {
    const page = Number(url.searchParams.get('page') ?? 0);
    const size = Number(url.searchParams.get('size') ?? 10);
    return { body: pageOf(items(), page, size, type) };
  };
}

export interface LibraryData {
  folders: Folder[];
  saves: LibraryItem[];
  folderItems: Record<string, LibraryItem[]>;
  history: Partial<Record<LibraryActivity, LibraryItem[]>>;
  following: Following;
  /** Following stream entries by topic slug ('' for all topics). */
  streams: Record<string, StreamEntry[]>;
}

/**
 * The fake library API. `data` is live: change it and the next request answers the change.
 * `overrides` replace single routes ("METHOD /path").
 */
export function libraryApi(start: Partial<LibraryData> = {}, overrides: Record<string, ApiRoute> = {}) {
  const data: LibraryData = {
    folders: sampleFolders.map((f) => ({ ...f })),
    saves: savedItems(3),
    folderItems: {},
    history: {},
    following: { topics: [], unreadCount: 0 },
    streams: {},
    ...start,
  };
  const routes: Record<string, ApiRoute> = {
    'GET /service/user/lists': () => ({ body: data.folders }),
    'GET /service/user/saves': paged(() => data.saves, 'saves'),
    'GET /service/user/topics': () => ({ body: data.following }),
  };
  for (const id of new Set([...data.folders.map((f) => f.id), ...Object.keys(data.folderItems)])) {
    routes[`GET /service/user/list/${id}`] = paged(() => data.folderItems[id] ?? [], 'list');
  }
  for (const a of ['read', 'shared', 'watched', 'ordered'] as const) {
    routes[`GET /service/user/history/${a}`] = paged(() => data.history[a] ?? [], a);
  }
  for (let page = 0; page < 5; page++) {
    routes[`GET /service/stream/following/${page}/10`] = ({ url }) => {
      const entries = data.streams[url.searchParams.get('filter') ?? ''] ?? [];
      return { body: { ...pageOf(entries, page, 10, 'following'), type: 'following' } };
    };
  }
  const mock = mockApiRoutes({ ...routes, ...overrides });
  return { ...mock, data, count: (key: string) => mock.urls(key).length };
}

export function signIn(user: User = sampleUser()) {
  act(() => userStore.getState().setUser(user));
}

export function setStatus(status: 'unknown' | 'guest') {
  act(() => userStore.setState({ status, user: null, quota: null }));
}
