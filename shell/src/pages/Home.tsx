/**
 * Home `/` (SITE-02): a magazine front. The lead is a one-slide carousel featuring the first three
 * entries of the latest stream (large pictures, the first one the page's largest), then 'The Latest'
 * stream list without them: a reader never sees a story twice on the page. `/the-latest` is the
 * whole list without the carousel. The carousel takes its entries from the list's first page: one
 * request for both.
 */
import { useCallback, useState } from 'react';
import type { Stream, StreamEntry } from 'shared-contracts/discovery';
import { Carousel } from '../discovery/Carousel';
import { HelpBoxSlot } from '../helpboxes/HelpBoxSlot';
import { StreamList, usePreloadedFirstPages } from '../discovery/StreamList';
import { STREAM_PAGE_SIZE } from 'shared-contracts';

/** How many entries of the latest stream the home carousel features. */
export const FEATURED_COUNT = 3;

export function Home({ title = 'The Latest', carousel = true }: { title?: string; carousel?: boolean }) {
  // null until the first page answers: meanwhile an empty box of the carousel's size holds its
  // place, so the list below does not move when the carousel arrives (CLS).
  // A server-rendered page has the first page already: the carousel is in its HTML.
  const preloaded = usePreloadedFirstPages('latest', STREAM_PAGE_SIZE, {});
  const [featured, setFeatured] = useState<StreamEntry[] | null>(() => (preloaded ? (preloaded.pages[0]?.entry.slice(0, FEATURED_COUNT) ?? []) : null));
  const onFirstPage = useCallback((stream: Stream) => setFeatured(stream.entry.slice(0, FEATURED_COUNT)), []);
  const onFirstPageFailed = useCallback(() => setFeatured([]), []);
  return (
    <main id="main" className={carousel ? 'page home' : 'page home home--list'}>
      <h1>{title}</h1>
      {carousel && featured === null && <div className="carousel carousel-placeholder" aria-hidden="true" />}
      {carousel && featured && featured.length > 0 && <Carousel entries={featured} label="Featured articles" />}
      {carousel && featured?.length !== 0 && <h2 className="ds-section-title home-more">More from The Latest</h2>}
      <StreamList
        type="latest"
        label="Latest articles"
        exclude={carousel ? featured?.map((e) => e.id) : undefined}
        onFirstPage={carousel ? onFirstPage : undefined}
        onFirstPageFailed={carousel ? onFirstPageFailed : undefined}
      />
      <HelpBoxSlot audience="guest" />
    </main>
  );
}
