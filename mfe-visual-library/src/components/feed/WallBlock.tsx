/**
 * The wall under the single item of a paywalled feed: VISUAL_TEXT.paywalled, 'Subscribe' to
 * /subscriptions and, for guests, 'Register for free' (opens the auth modal on registration). Its
 * 'Subscriber exclusive' label is the page's one: shown only when the server walls the feed, where
 * the other charts really are for subscribers (decision 016).
 */
import { Link } from 'shared-contracts/router';
import { Badge, bus, ButtonLink, type UserState } from 'shared-contracts';
import { VISUAL_TEXT } from 'shared-contracts/visual';
import { audienceProps } from '../audience';
import { SUBSCRIBE_PATH } from '../query';
import { SUBSCRIBER_EXCLUSIVE } from '../../text';

export interface WallBlockProps {
  status: UserState['status'];
}

export function WallBlock({ status }: WallBlockProps) {
  return (
    <div className="visual-library-wall" data-visual-wall="">
      <Badge as="p" tone="accent" {...audienceProps(status, 'subscriber-only')}>
        {SUBSCRIBER_EXCLUSIVE}
      </Badge>
      <p>{VISUAL_TEXT.paywalled}</p>
      <p className="ds-button-row">
        <ButtonLink as={Link} to={SUBSCRIBE_PATH}>
          {VISUAL_TEXT.subscribe}
        </ButtonLink>{' '}
        <button type="button" className="button-link" onClick={() => bus.emit('auth:open', { screen: 'registration' })} {...audienceProps(status, 'register')}>
          {VISUAL_TEXT.register}
        </button>
      </p>
    </div>
  );
}
