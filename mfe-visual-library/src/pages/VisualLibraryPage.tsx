/**
 * The visual library's page (/visual-library): subject tabs, the chart feed of the selected subject
 * with collection cards and pagination, the left navigation that appears on scroll, and the
 * subscription offer. The subject and the page live in the query string (filter, page), so a link or
 * a reload shows the same feed.
 *
 * The left navigation takes no column of its own (a blank column sat beside the feed
 * until the reader scrolled): on a wide window it appears in the margin left of the page, on a
 * phone as a bar held at the bottom of the window, in room kept for it after the feed (LeftNav).
 */
import { useId } from 'react';
import { Link, useSearchParams } from 'shared-contracts/router';
import { useLoad, useUserStore } from 'shared-contracts';
import type { Collection, VisualSubject } from 'shared-contracts/visual';
import { loadCollections, loadSubjects } from '../api/charts';
import { audienceProps } from '../components/audience';
import { Feed } from '../components/feed/Feed';
import { CAROUSEL_QUERY, LeftNav } from '../components/nav/LeftNav';
import { SubjectTabs, tabId } from '../components/nav/SubjectTabs';
import { subjectChoices } from '../components/nav/tabs';
import { useMediaQuery } from '../components/nav/useMediaQuery';
import { pageFromQuery } from 'shared-contracts/pagination';
import { SUBSCRIBE_PATH } from '../components/query';
import { HEADING, OFFER, OFFER_LABEL, OFFER_LINK, UNKNOWN_TOPIC } from '../text';

const FEED_ID = 'visual-library-feed';
const NO_COLLECTIONS: Collection[] = [];
const NO_SUBJECTS: VisualSubject[] = [];

function Offer() {
  const status = useUserStore((s) => s.status);
  return (
    <aside className="visual-library-offer" aria-label={OFFER_LABEL} {...audienceProps(status, 'offer')}>
      <p>
        {OFFER} <Link to={SUBSCRIBE_PATH}>{OFFER_LINK}</Link>
      </p>
    </aside>
  );
}

export function VisualLibraryPage() {
  const baseId = useId();
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter') ?? '';
  const page = pageFromQuery(params.get('page'));
  const carousel = useMediaQuery(CAROUSEL_QUERY);

  const subjectsLoad = useLoad<VisualSubject[]>('subjects', loadSubjects);
  const subjects = subjectsLoad.status === 'ready' ? subjectsLoad.data : NO_SUBJECTS;
  // Collections are extra: when they cannot be loaded the entries still show, without cards.
  const collectionsLoad = useLoad<{ collections: Collection[] }>('collections', loadCollections);
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
    <div className="visual-library-layout">
      <div className="visual-library-content">
        <h1>{HEADING}</h1>
        <Offer />
        <SubjectTabs baseId={baseId} tabs={tabs} selectedIndex={selectedIndex} controls={FEED_ID} onSelect={select} />
        <Feed
          id={FEED_ID}
          page={page}
          filter={filter}
          topic={selected ? selected.label : UNKNOWN_TOPIC}
          labelledBy={selected ? tabId(baseId, selectedIndex) : undefined}
          subjects={subjects}
          collections={collections}
        />
      </div>
      <LeftNav choices={tabs} filter={filter} carousel={carousel} />
    </div>
  );
}
