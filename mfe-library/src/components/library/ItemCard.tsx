/**
 * A feed item card (SITE-02, SITE-03, SITE-05, SITE-06): content type eyebrow, title link, summary, authors, the
 * activity with its date, 'Shared via {network}' and the addresses for shared items, the order
 * entry for ordered ones, the price block, and the actions itemActions() allows: selectable items
 * show Move, Discard and a bulk checkbox, others Save; Share; Buy Copies; read-only shows none.
 * Every control's accessible name carries the title ('Move {title}', 'Select {title}').
 *
 * The summary is cut to three lines with an ellipsis (TrimmedText, SITE-09).
 *
 * Marker: the <li> carries data-item-id, data-activity, data-read-only and data-selected.
 */
import { useId, type MouseEvent } from 'react';
import { Button, ButtonLink, Card, lazyComponent, Picture, Price, showPriceBlock, Tag } from 'shared-contracts';
import { formatUsd } from 'shared-contracts/money';
import type { CardModel } from './cardModel';
import { TrimmedText } from './TrimmedText';
import { SiteLink } from 'shared-contracts/router';
import { LIBRARY_TEXT } from '../../text';

/** An order's lines and downloads (the Ordered tab only): a chunk of its own, off the Saved tab's first view. */
const OrderEntryView = lazyComponent(() => import(/* webpackChunkName: "library-order-entry" */ './OrderEntryView').then((m) => m.OrderEntryView));

export type CardAction = 'save' | 'move' | 'discard' | 'share';

export interface ItemCardProps {
  card: CardModel;
  selected?: boolean;
  onSelect?(id: string, selected: boolean): void;
  /** A button of the card was pressed; `opener` gets the focus back when the flyout closes. */
  onAction?(action: CardAction, card: CardModel, opener: HTMLElement): void;
}

export function ItemCard({ card, selected = false, onSelect, onAction }: ItemCardProps) {
  const titleId = useId();
  const a = card.actions;
  const act = (action: CardAction) => (e: MouseEvent<HTMLButtonElement>) => onAction?.(action, card, e.currentTarget);
  const price = showPriceBlock({ listPrice: card.listPrice, contentType: card.contentType }) && card.listPrice !== null;
  const anyAction = a.save || a.move || a.discard || a.share || (a.buyCopies && card.productLink);
  return (
    <li
      className={`library-item${card.sponsored ? ' sponsored' : ''}${selected ? ' selected' : ''}`}
      data-item-id={card.id}
      data-activity={card.activity}
      data-read-only={card.readOnly ? 'true' : 'false'}
      data-selected={a.bulk ? String(selected) : undefined}
    >
      <Card aria-labelledby={titleId} className="library-card">
        {a.bulk && (
          // The label around the box makes a 44px target of it (its name is the box's own aria-label).
          <label className="item-select-target">
            <input
              type="checkbox"
              className="item-select"
              aria-label={LIBRARY_TEXT.selectItem(card.title)}
              checked={selected}
              onChange={(e) => onSelect?.(card.id, e.target.checked)}
            />
          </label>
        )}
        {card.image && <Picture image={card.image} alt="" sizes="(min-width: 768px) 14rem, 6rem" className="library-card__picture" />}
        <div className="library-card__body">
          <p className="item-eyebrow">
            <span className="item-content-type">{card.contentType}</span>
            {card.topic && ' '}
            {card.topicLink ? (
              <Tag as={SiteLink} href={card.topicLink} className="item-topic">
                {card.topic}
              </Tag>
            ) : (
              card.topic && <Tag className="item-topic">{card.topic}</Tag>
            )}
          </p>
          <h3 id={titleId} className="item-title ds-card__title">
            <SiteLink href={card.url}>{card.title}</SiteLink>
          </h3>
          {card.summary && <TrimmedText className="item-summary ds-card__body" text={card.summary} />}
          {card.authors.length > 0 && <p className="item-authors ds-card__meta">{LIBRARY_TEXT.by(card.authors)}</p>}
          {card.dated && (
            <p className="item-date ds-card__meta">
              <time dateTime={card.dateTime}>{card.dated}</time>
            </p>
          )}
          {card.sharedVia && <p className="item-shared-via ds-card__meta">{card.sharedVia}</p>}
          {card.sharedWith.length > 0 && (
            <ul className="item-shared-with" aria-label={LIBRARY_TEXT.sharedWith}>
              {card.sharedWith.map((address) => (
                <li key={address}>{address}</li>
              ))}
            </ul>
          )}
          {card.order && <OrderEntryView order={card.order} title={card.title} />}
          {price && (
            <p className="price-block ds-card__meta" data-price-block="">
              {LIBRARY_TEXT.price} <Price className="price">{formatUsd((card.listPrice ?? 0) / 100)}</Price>
            </p>
          )}
          {anyAction && (
            <div className="item-actions ds-button-row">
              {a.move && (
                <Button variant="ghost" aria-label={`${LIBRARY_TEXT.move} ${card.title}`} onClick={act('move')}>
                  {LIBRARY_TEXT.move}
                </Button>
              )}
              {a.save && (
                <Button variant="ghost" aria-label={`${LIBRARY_TEXT.saveItem} ${card.title}`} onClick={act('save')}>
                  {LIBRARY_TEXT.saveItem}
                </Button>
              )}
              {a.share && (
                <Button variant="ghost" aria-label={`${LIBRARY_TEXT.share} ${card.title}`} onClick={act('share')}>
                  {LIBRARY_TEXT.share}
                </Button>
              )}
              {a.buyCopies && card.productLink && (
                <ButtonLink as={SiteLink} variant="ghost" href={card.productLink} className="buy-copies" aria-label={`${LIBRARY_TEXT.buyCopies} ${card.title}`}>
                  {LIBRARY_TEXT.buyCopies}
                </ButtonLink>
              )}
              {a.discard && (
                <Button variant="ghost" aria-label={`${LIBRARY_TEXT.discard} ${card.title}`} onClick={act('discard')}>
                  {LIBRARY_TEXT.discard}
                </Button>
              )}
            </div>
          )}
        </div>
      </Card>
    </li>
  );
}
