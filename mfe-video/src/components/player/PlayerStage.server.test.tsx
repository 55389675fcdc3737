/**
 * @jest-environment node
 */
// The player as the server renders it (decision 032): the poster is in the HTML, so a reader sees
// the video's picture before any script, and it is the page's largest paint.
import { renderToString } from 'react-dom/server';
import { PlayerStage } from './PlayerStage';

const video = { id: 'v1', name: 'How Teams Decide', src: '/media/videos/v1/video.webm', poster: '/media/videos/v1/poster.svg' };

it('renders the poster into the video element, with the Play button over it and no controls yet', () => {
  const view = renderToString(<PlayerStage video={video} autoplay={false} />);
  expect(view).toMatch(/<video[^>]* poster="\/media\/videos\/v1\/poster.svg"/);
  expect(view).not.toMatch(/<video[^>]* controls/);
  expect(view).toContain('aria-label="Play How Teams Decide"');
  // The clip itself is not in the HTML: it is asked for when the player starts (its own access check).
  expect(view).not.toContain('video.webm');
});
