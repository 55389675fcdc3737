/**
 * A paywalled video (access.message 'enable-paywall'): the poster instead of the player, and the
 * wall: registration (Register, Sign in) or subscription (Subscribe now).
 */
import { Link } from 'shared-contracts/router';
import { bus, Button, ButtonLink, Picture } from 'shared-contracts';
import type { Video, VideoAccess } from 'shared-contracts/video';
import { VIDEO_TEXT } from 'shared-contracts/video';
import { WALL_REGISTER, WALL_SIGN_IN, WALL_SUBSCRIBE } from '../text';

/** The poster filling the player's box: the page's first picture. */
export function Poster({ video, sizes }: { video: Pick<Video, 'name' | 'poster' | 'image'>; sizes: string }) {
  return <Picture image={video.image ?? video.poster} alt={video.name} sizes={sizes} priority className="video-poster" />;
}

/** The wall under the poster. A missing wall is the subscription wall. */
export function VideoWall({ wall, actions = true }: { wall: VideoAccess['wall']; actions?: boolean }) {
  if (wall === 'registration-wall') {
    return (
      <div className="video-wall" data-wall="registration-wall">
        <p>{VIDEO_TEXT.paywalledRegistration}</p>
        {actions && (
          <p className="video-wall-actions ds-button-row">
            <Button onClick={() => bus.emit('auth:open', { screen: 'registration' })}>{WALL_REGISTER}</Button>{' '}
            <Button variant="ghost" onClick={() => bus.emit('auth:open', { screen: 'signin' })}>
              {WALL_SIGN_IN}
            </Button>
          </p>
        )}
      </div>
    );
  }
  return (
    <div className="video-wall" data-wall="subscription-wall">
      <p>{VIDEO_TEXT.paywalledSubscription}</p>
      {actions && (
        <p className="video-wall-actions ds-button-row">
          <ButtonLink as={Link} to="/subscriptions">
            {WALL_SUBSCRIBE}
          </ButtonLink>
        </p>
      )}
    </div>
  );
}
