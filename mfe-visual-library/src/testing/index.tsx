/** Helpers of this package's tests (not bundled: nothing imports it outside tests). */
import * as React from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { RemoteSlotContext, type HostSlotProps, type User } from 'shared-contracts';
import type { Chart, ChartPage, Collection, VisualSubject } from 'shared-contracts/visual';
import { mockFetch, sampleUser } from 'shared-contracts/src/testing';
import VisualLibraryApp from '../VisualLibraryApp';

export const subjects: VisualSubject[] = [
  { id: 's1', label: 'Strategy', filter: '4294967001' },
  { id: 's2', label: 'Leadership', filter: '4294967002' },
];

export function chart(n: number, term: string): Chart {
  return {
    id: `c${n}`,
    title: `Chart number ${n}`,
    url: `/data-visuals/download/guest/charts/c${n}.png`,
    term,
    contentImage: `/images/charts/c${n}.png`,
    parentArticle: `Parent article ${n}`,
    parentArticleLink: `/2025/03/parent-article-${n}`,
    summary: `What chart ${n} shows.`,
    published: '2025-03-14T00:00:00.000Z',
    isCollection: false,
  };
}

export function chartPage(content: Chart[], number: number, totalPages: number, totalElements: number): ChartPage {
  return { content, number, size: 10, totalPages, totalElements, first: number === 1, last: number >= totalPages };
}

/**
 * The visual-library API: 23 charts in all (3 pages), 1 Strategy chart, 0 Leadership charts.
 * Every answer is recorded so that tests can check what was asked.
 */
export function visualApi() {
  return mockFetch((_path, url) => {
    if (url.pathname === '/api/data-and-visuals/subjects') return { body: subjects };
    if (url.pathname === '/api/data-and-visuals') {
      const page = Number(url.searchParams.get('page'));
      const n = url.searchParams.get('N');
      if (n === '4294967001') return { body: chartPage([chart(100, 'Strategy')], 1, 1, 1) };
      if (n === '4294967002') return { body: chartPage([], 1, 0, 0) };
      const first = (page - 1) * 10 + 1;
      const count = page < 3 ? 10 : 3;
      return {
        body: chartPage(
          Array.from({ length: count }, (_, i) => chart(first + i, 'Strategy')),
          page,
          3,
          23,
        ),
      };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

export function chartRequests(fetch: jest.Mock) {
  return fetch.mock.calls.map((call: unknown[]) => new URL(String(call[0]), 'http://localhost')).filter((u) => u.pathname === '/api/data-and-visuals');
}

export function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <VisualLibraryApp />
    </MemoryRouter>,
  );
}

export const longSummary =
  'This collection gathers the charts that explain how companies set prices, how buyers react to them, and what the data says about discounts, bundles and the psychology of the final digit on a tag.';

export function collection(n: number): Collection {
  return {
    id: `k${n}`,
    title: `Collection ${n}`,
    summary: n === 1 ? longSummary : `Short summary ${n}.`,
    collectionLink: `/visual-library/collections/k${n}`,
    contentImage: `/images/k${n}.png`,
  };
}

/** 12 pages of 10 charts (120), two collections; `paywalled` marks the answers paywalled. */
export function issueApi(options: { paywalled?: boolean; collections?: 'ok' | 'fail' } = {}) {
  return mockFetch((_path, url) => {
    if (url.pathname === '/api/data-and-visuals/subjects') return { body: subjects };
    if (url.pathname === '/api/data-and-visuals/collections')
      return options.collections === 'fail' ? { status: 500, body: { message: 'boom' } } : { body: { collections: [collection(1), collection(2)] } };
    if (url.pathname === '/api/data-and-visuals') {
      const page = Number(url.searchParams.get('page'));
      const first = (page - 1) * 10 + 1;
      const all = Array.from({ length: 10 }, (_, i) => chart(first + i, 'Strategy'));
      const body = chartPage(options.paywalled ? all.slice(0, 1) : all, page, 12, 120);
      return { body: options.paywalled ? { ...body, paywalled: true } : body };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
}

export function subscriber(roleCode: string): User {
  return sampleUser({
    status: 'subscriber',
    state: 'subscribers',
    tiers: [{ roleCode }],
    subscriber: { accountNumber: 'A1', digest: 'd1g3st', subscriptions: [] },
  });
}

export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

export function renderWith(path: string, slot?: (props: HostSlotProps) => React.ReactNode) {
  const tree = (
    <MemoryRouter initialEntries={[path]}>
      <VisualLibraryApp />
      <LocationProbe />
    </MemoryRouter>
  );
  return render(slot ? <RemoteSlotContext.Provider value={slot}>{tree}</RemoteSlotContext.Provider> : tree);
}
