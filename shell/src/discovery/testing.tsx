/** Test helpers for the discovery pages (not imported by any bundle). */
import { act } from '@testing-library/react';
import { useLocation, useNavigationType } from 'react-router-dom';
import type { Topic } from 'shared-contracts';
import { firstPageOf, type Issue, type Stream, type StreamEntry, type StreamType } from 'shared-contracts/discovery';
import { sampleStreamEntry, type ApiRoute } from 'shared-contracts/src/testing';

/** A stream entry; ids and titles default to the shared sample article's with id 'e1'. */
export function sampleEntry(over: Partial<StreamEntry> = {}): StreamEntry {
  return sampleStreamEntry({ id: 'e1', ...over });
}

/** One page of a stream: `count` entries named after the page ('Page 2 entry 3'). */
export function streamPage(
  type: StreamType,
  number: number,
  opts: { count?: number; totalPages?: number; size?: number; maintenance?: boolean; entries?: StreamEntry[]; facets?: Stream['facets'] } = {},
): Stream {
  const { count = 2, totalPages = 5, size = 8, maintenance = false } = opts;
  const entries =
    opts.entries ??
    Array.from({ length: count }, (_, i) =>
      sampleEntry({ id: `${type}-${number}-${i + 1}`, title: `Page ${number} entry ${i + 1}`, url: `/2025/03/page-${number}-entry-${i + 1}` }),
    );
  const first = firstPageOf(type);
  return {
    entry: maintenance ? [] : entries,
    page: { number, size, totalPages, totalElements: totalPages * count, last: number - first + 1 >= totalPages },
    type,
    isPaywallEnabled: false,
    maintenanceStatus: maintenance,
    ...(opts.facets ? { facets: opts.facets } : {}),
  };
}

/** Routes answering GET /service/stream/{type}/{n}/{size} for every page of a stream. */
export function streamRoutes(type: StreamType, opts: Parameters<typeof streamPage>[2] & { size?: number } = {}): Record<string, ApiRoute> {
  const { totalPages = 5, size = 8 } = opts;
  const routes: Record<string, ApiRoute> = {};
  // Pages 0 to totalPages cover streams counting from 0 and from 1.
  for (let n = 0; n <= totalPages; n++) routes[`GET /service/stream/${type}/${n}/${size}`] = { body: streamPage(type, n, { ...opts, totalPages, size }) };
  return routes;
}

/** An IntersectionObserver stand-in: tests decide when the sentinel comes into view. */
export function installIntersectionObserver() {
  const observers: FakeObserver[] = [];
  class FakeObserver {
    readonly elements = new Set<Element>();
    disconnected = false;
    constructor(readonly callback: IntersectionObserverCallback) {
      observers.push(this);
    }
    observe(el: Element) {
      this.elements.add(el);
    }
    unobserve(el: Element) {
      this.elements.delete(el);
    }
    disconnect() {
      this.disconnected = true;
      this.elements.clear();
    }
    takeRecords() {
      return [];
    }
  }
  const original = (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
  return {
    /** Brings the watched sentinel into view for every live observer. */
    reachEnd() {
      act(() => {
        for (const o of observers.filter((x) => !x.disconnected && x.elements.size > 0)) {
          o.callback(
            [...o.elements].map((target) => ({ isIntersecting: true, target }) as unknown as IntersectionObserverEntry),
            o as unknown as IntersectionObserver,
          );
        }
      });
    },
    watching(): number {
      return observers.filter((x) => !x.disconnected && x.elements.size > 0).length;
    },
    restore() {
      (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = original;
    },
  };
}

/** Shows where the router is (path and query) and how it got there (PUSH, REPLACE, POP). */
export function LocationProbe() {
  const location = useLocation();
  const type = useNavigationType();
  return (
    <output data-testid="location" data-navigation={type}>
      {location.pathname + location.search}
    </output>
  );
}

export const sampleTopics: Topic[] = [
  { id: 't-strategy', name: 'Strategy', slug: 'strategy', parentId: null },
  { id: 't-growth', name: 'Growth strategy', slug: 'growth-strategy', parentId: 't-strategy' },
  { id: 't-innovation', name: 'Innovation', slug: 'innovation', parentId: null },
  { id: 't-design', name: 'Design thinking', slug: 'design-thinking', parentId: 't-innovation' },
  { id: 't-rd', name: 'Research and development', slug: 'research-and-development', parentId: 't-innovation' },
];

export function sampleIssue(over: Partial<Issue> = {}): Issue {
  return {
    issueCode: 'BR2501',
    year: 2025,
    label: 'January-February',
    title: 'January-February 2025',
    summary: 'How leaders make plans survive contact with the organisation.',
    cover: '/covers/BR2501.svg',
    url: '/archive-toc/BR2501',
    featuring: [
      { title: 'Why Strategy Fails in the Middle', url: '/2025/01/why-strategy-fails-in-the-middle' },
      { title: 'The Quiet Power of Routines', url: '/2025/01/the-quiet-power-of-routines' },
    ],
    articles: [
      sampleEntry({ id: 'i1', title: 'Why Strategy Fails in the Middle', url: '/2025/01/why-strategy-fails-in-the-middle' }),
      sampleEntry({ id: 'i2', title: 'The Quiet Power of Routines', url: '/2025/01/the-quiet-power-of-routines' }),
    ],
    ...over,
  };
}

export const sampleArchive = {
  years: [
    {
      yearId: '2025',
      issues: [
        { issueMonth: 'January-February', issueURL: '/archive-toc/BR2501' },
        { issueMonth: 'March-April', issueURL: '/archive-toc/BR2502' },
        { issueMonth: 'May-June', issueURL: '/archive-toc/BR2503' },
      ],
    },
    {
      yearId: '2024',
      issues: [
        { issueMonth: 'January-February', issueURL: '/archive-toc/BR2401' },
        { issueMonth: 'November-December', issueURL: '/archive-toc/BR2406' },
      ],
    },
  ],
};
