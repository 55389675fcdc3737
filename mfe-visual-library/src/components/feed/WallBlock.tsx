/**
 * The wall under the single item of a paywalled feed: VISUAL_TEXT.paywalled, 'Subscribe' to
 * /subscriptions and, for guests, 'Register for free' (opens the auth modal on registration). Its
 * 'Subscriber exclusive' label is the page's one: shown only when the server walls the feed, where
 * the other charts really are for subscribers (decision 016).
 */
import { Link } from 'shared-contracts/router';
import { bus, type UserState } from 'shared-contracts';
import { VISUAL_TEXT } from 'shared-contracts/visual';
import { audienceProps } from '../audience';
import { SUBSCRIBE_PATH } from '../query';
import { TEXT } from '../../text';

export function WallBlock({ status }: { status: UserState['status'] }) {
  return (
    <div className="visual-library-wall" data-visual-wall="">
      <p className="chart-badge" {...audienceProps(status, 'subscriber-only')}>
        {TEXT.subscriberExclusive}
      </p>
      <p>{VISUAL_TEXT.paywalled}</p>
      <p className="wall-actions">
        <Link to={SUBSCRIBE_PATH} className="button">
          {VISUAL_TEXT.subscribe}
        </Link>{' '}
        <button type="button" className="button-link" onClick={() => bus.emit('auth:open', { screen: 'registration' })} {...audienceProps(status, 'register')}>
          {VISUAL_TEXT.register}
        </button>
      </p>
    </div>
  );
}
