import { sampleVideo } from './testing';
import { embedCode, nextInPlaylist, playlistFromSearch, videoEmbedPath, videoPath } from './video';

describe('video paths', () => {
  const v = { id: '123', slug: 'how-to-plan', name: 'How to "Plan" & <Do>' };
  it('builds the page path with a valid playlist only', () => {
    expect(videoPath(v)).toBe('/video/123/how-to-plan');
    expect(videoPath(v, 'the-latest')).toBe('/video/123/how-to-plan?playlist=the-latest');
    expect(videoPath(v, 'bad list!')).toBe('/video/123/how-to-plan');
    expect(videoEmbedPath(v)).toBe('/video/embed/123/how-to-plan');
  });

  it.each([
    ['?playlist=explainers', 'explainers'],
    ['?playlist=Top-10', 'Top-10'],
    ['?playlist=a_b', null],
    ['?playlist=%3Cscript%3E', null],
    ['?playlist=', null],
    ['', null],
  ])('reads %s as %s', (search, expected) => {
    expect(playlistFromSearch(search)).toBe(expected);
  });

  it('gives an escaped 480x270 iframe of the embed page', () => {
    expect(embedCode('https://site.example', v)).toBe(
      '<iframe src="https://site.example/video/embed/123/how-to-plan" width="480" height="270" title="How to &quot;Plan&quot; &amp; &lt;Do>" frameborder="0" allow="fullscreen" allowfullscreen></iframe>',
    );
  });
});

describe('nextInPlaylist', () => {
  const a = sampleVideo({ id: '1' });
  const b = sampleVideo({ id: '2' });
  const c = sampleVideo({ id: '3' });
  it('is the following video, wrapping to the first', () => {
    expect(nextInPlaylist({ videos: [a, b, c] }, '1')?.id).toBe('2');
    expect(nextInPlaylist({ videos: [a, b, c] }, '3')?.id).toBe('1');
  });
  it('is the first when the current video is not in the playlist, and null when nothing else is', () => {
    expect(nextInPlaylist({ videos: [a, b] }, '9')?.id).toBe('1');
    expect(nextInPlaylist({ videos: [a] }, '1')).toBeNull();
    expect(nextInPlaylist({ videos: [] }, '1')).toBeNull();
  });
});
