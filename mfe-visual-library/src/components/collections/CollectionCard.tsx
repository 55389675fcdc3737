/** A collection card of the feed (PAY-02, PAY-03): 'Collection', title, summary cut near 165 characters, image and a link. */
import { useId } from 'react';
import { truncateNearWord, COLLECTION_SUMMARY_MAX_CHARS } from 'shared-contracts/visual';
import { VISUAL_TEXT, type Collection } from 'shared-contracts/visual';
import { SiteLink } from 'shared-contracts/router';

export function CollectionCard({ collection }: { collection: Collection }) {
  const titleId = useId();
  return (
    <li className="collection-card" data-collection-card={collection.id}>
      <article aria-labelledby={titleId}>
        <p className="collection-label">{VISUAL_TEXT.collection}</p>
        <h3 id={titleId} className="collection-title">
          {collection.title}
        </h3>
        <img src={collection.contentImage} alt="" className="collection-image" loading="lazy" />
        <p className="collection-summary">{truncateNearWord(collection.summary, COLLECTION_SUMMARY_MAX_CHARS)}</p>
        <p className="collection-link">
          <SiteLink href={collection.collectionLink} aria-describedby={titleId}>
            {VISUAL_TEXT.viewCollection}
          </SiteLink>
        </p>
      </article>
    </li>
  );
}
