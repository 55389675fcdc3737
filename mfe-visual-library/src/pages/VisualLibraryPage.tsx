/**
 * The visual library's page (/visual-library): subject tabs, the chart feed of the selected subject
 * with collection cards and pagination, the left navigation that appears on scroll, and the
 * subscription offer. The subject and the page live in the query string (filter, page), so a link or
 * a reload shows the same feed.
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
import { SUBSCRIBE_PATH, pageFrom } from '../components/query';
import { TEXT } from '../text';

const FEED_ID = 'visual-library-feed';
const NO_COLLECTIONS: Collection[] = [];
const NO_SUBJECTS: VisualSubject[] = [];

function Offer() {
  const status = useUserStore((s) => s.status);
  return (
    <aside className="visual-library-offer" aria-label={TEXT.offerLabel} {...audienceProps(status, 'offer')}>
      <p>
        <strong>{TEXT.subscriberExclusive}</strong> {TEXT.offer} <Link to={SUBSCRIBE_PATH}>{TEXT.offerLink}</Link>
      </p>
    </aside>
  );
}

export function VisualLibraryPage() {
  const baseId = useId();
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter') ?? '';
  const page = pageFrom(params.get('page'));
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
    <div className="visual-library-layout" style={carousel ? undefined : { display: 'flex', gap: '2rem', alignItems: 'stretch' }}>
      <div className="visual-library-aside" style={carousel ? undefined : { flex: '0 0 12rem' }}>
        <LeftNav choices={tabs} filter={filter} carousel={carousel} />
      </div>
      <div className="visual-library-content" style={carousel ? undefined : { flex: '1 1 auto', minWidth: 0 }}>
        <h1>{TEXT.heading}</h1>
        <Offer />
        <SubjectTabs baseId={baseId} tabs={tabs} selectedIndex={selectedIndex} controls={FEED_ID} onSelect={select} />
        <Feed
          id={FEED_ID}
          page={page}
          filter={filter}
          topic={selected ? selected.label : TEXT.unknownTopic}
          labelledBy={selected ? tabId(baseId, selectedIndex) : undefined}
          subjects={subjects}
          collections={collections}
        />
      </div>
    </div>
  );
}
