/** A collection card of the feed (PAY-02, PAY-03): 'Collection', title, summary cut near 165 characters, image and a link. */
import { useId } from 'react';
import { truncateNearWord, COLLECTION_SUMMARY_MAX_CHARS } from 'shared-contracts/visual';
import { VISUAL_TEXT, type Collection } from 'shared-contracts/visual';
import { SiteLink } from 'shared-contracts/router';
import { Card, Picture, Tag } from 'shared-contracts';

/** A card's width in the feed's grid: at most half the window (a third of the 960 px column on a desktop), a phone's width. */
export const CARD_SIZES = '(min-width: 768px) 50vw, 100vw';

export function CollectionCard({ collection }: { collection: Collection }) {
  const titleId = useId();
  return (
    <Card as="li" boxed className="collection-card" data-collection-card={collection.id}>
      <article aria-labelledby={titleId}>
        <Tag as="p">{VISUAL_TEXT.collection}</Tag>
        <h3 id={titleId} className="ds-card__title">
          {collection.title}
        </h3>
        <Picture image={collection.image ?? collection.contentImage} alt="" sizes={CARD_SIZES} className="collection-image" />
        <p className="ds-card__body">{truncateNearWord(collection.summary, COLLECTION_SUMMARY_MAX_CHARS)}</p>
        <p className="collection-link">
          <SiteLink href={collection.collectionLink} aria-describedby={titleId}>
            {VISUAL_TEXT.viewCollection}
          </SiteLink>
        </p>
      </article>
    </Card>
  );
}
