/**
 * The visual library (/visual-library, PAY-02): subject tabs, the chart feed of the selected
 * subject with collection cards and pagination, the left navigation that appears on scroll, and the
 * audience rules of PAY-04. The subject and the page live in the query string (filter, page),
 * so a link or a reload shows the same feed.
 *
 * Files: feed/ (Feed, Entry, WallBlock, rows), collections/ (CollectionCard), nav/ (SubjectTabs,
 * LeftNav with its carousel, leftNav geometry rule), audience.ts, query.ts, texts.ts.
 */
import * as React from 'react';
import { useId } from 'react';
import { Link, matchPath, useLocation, useSearchParams } from 'shared-contracts/router';
import { api, instanceMarkers, useLoad, useUserStore, userStore } from 'shared-contracts';
import type { VisualSubject } from 'shared-contracts/visual';
import type { Collection } from 'shared-contracts/visual';
import { audienceProps, useSubscriberRedirect } from './audience';
import { Feed } from './feed/Feed';
import { CAROUSEL_QUERY, LeftNav } from './nav/LeftNav';
import { SubjectTabs, tabId } from './nav/SubjectTabs';
import { subjectChoices } from './nav/tabs';
import { useMediaQuery } from './nav/useMediaQuery';
import { pageFrom } from './query';
import { LIBRARY_PATH, PAGE_TEXT, SUBSCRIBE_PATH } from './texts';
import { VisualLibraryStyles } from './styles';

const FEED_ID = 'visual-library-feed';
const NO_COLLECTIONS: Collection[] = [];
const NO_SUBJECTS: VisualSubject[] = [];

function Offer() {
  const status = useUserStore((s) => s.status);
  return (
    <aside className="visual-library-offer" aria-label={PAGE_TEXT.offerLabel} {...audienceProps(status, 'offer')}>
      <p>
        <strong>{PAGE_TEXT.subscriberExclusive}</strong> {PAGE_TEXT.offer} <Link to={SUBSCRIBE_PATH}>{PAGE_TEXT.offerLink}</Link>
      </p>
    </aside>
  );
}

function VisualLibrary() {
  const baseId = useId();
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter') ?? '';
  const page = pageFrom(params.get('page'));
  const carousel = useMediaQuery(CAROUSEL_QUERY);

  const subjectsLoad = useLoad<VisualSubject[]>('subjects', () => api.chartSubjects());
  const subjects = subjectsLoad.status === 'ready' ? subjectsLoad.data : NO_SUBJECTS;
  // Collections are extra: when they cannot be loaded the entries still show, without cards.
  const collectionsLoad = useLoad<{ collections: Collection[] }>('collections', () => api.chartCollections());
  const collections = collectionsLoad.status === 'ready' ? collectionsLoad.data.collections : NO_COLLECTIONS;

  const tabs = subjectChoices(subjects);
  // A filter that names no known subject (or whose subject has not loaded yet) selects no tab; the
  // feed still asks for it and the server decides.
  const selectedIndex = tabs.findIndex((t) => t.filter === filter);
  const selected = tabs[selectedIndex];

  const select = (next: string) => {
    if (next === filter && page === 1) return;
    const nextParams = new URLSearchParams(params);
    nextParams.delete('page');
    if (next) nextParams.set('filter', next);
    else nextParams.delete('filter');
    setParams(nextParams);
  };

  return (
    <div className="visual-library-layout" style={carousel ? undefined : { display: 'flex', gap: '2rem', alignItems: 'stretch' }}>
      <div className="visual-library-aside" style={carousel ? undefined : { flex: '0 0 12rem' }}>
        <LeftNav choices={tabs} filter={filter} carousel={carousel} />
      </div>
      <div className="visual-library-content" style={carousel ? undefined : { flex: '1 1 auto', minWidth: 0 }}>
        <h1>{PAGE_TEXT.heading}</h1>
        <Offer />
        <SubjectTabs baseId={baseId} tabs={tabs} selectedIndex={selectedIndex} controls={FEED_ID} onSelect={select} />
        <Feed
          id={FEED_ID}
          page={page}
          filter={filter}
          topic={selected ? selected.label : PAGE_TEXT.unknownTopic}
          labelledBy={selected ? tabId(baseId, selectedIndex) : undefined}
          subjects={subjects}
          collections={collections}
        />
      </div>
    </div>
  );
}

export default function VisualLibraryApp() {
  const { pathname } = useLocation();
  useSubscriberRedirect();
  const known = matchPath({ path: LIBRARY_PATH, end: true }, pathname) !== null;
  return (
    <div data-remote-root="visualLibrary" {...instanceMarkers(React.createElement, userStore)}>
      <VisualLibraryStyles />
      <main className="visual-library">
        {known ? (
          <VisualLibrary />
        ) : (
          <>
            <h1>{PAGE_TEXT.notFound}</h1>
            <p>
              {PAGE_TEXT.notFoundText} <Link to={LIBRARY_PATH}>{PAGE_TEXT.goToLibrary}</Link>.
            </p>
          </>
        )}
      </main>
    </div>
  );
}
