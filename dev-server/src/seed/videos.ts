/** About two dozen videos and the three named playlists of PAY-09. */
import type { Insertable } from 'kysely';
import type { NewArticle, PlaylistTable, PlaylistVideoTable, VideoTable } from '../db/database';
import type { Rng } from './prng';
import { makeSentence, slugify, titleCase, uniqueSlug, fill } from './text';
import { articlePath } from './articles';
import { AUDIENCES, GERUNDS, OBJECTS, VERBS } from './words';
import { clipOfIndex, videoSourcePath } from '../services/video-clips';

const VIDEO_TITLES = [
  'How to {verb} {object}',
  '{object}, Explained',
  'Why {audience} Keep Getting {object} Wrong',
  'The Case for {gerund}',
  'A Short Guide to {object}',
  'Inside a Company That Rethought {object}',
] as const;

const TAGS = ['leadership', 'strategy', 'explainer', 'interview', 'data', 'careers', 'innovation', 'finance', 'teams'] as const;

export const PLAYLISTS = [
  { id: 'what-to-watch-next', name: 'What to watch next' },
  { id: 'the-latest', name: 'The Latest' },
  { id: 'explainers', name: 'Explainers' },
] as const;

/** The fewest videos a seeded playlist holds. */
export const PLAYLIST_MIN_VIDEOS = 8;

export function videoMediaPath(id: string, kind: 'poster' | 'thumbnail'): string {
  return `/media/videos/${id}/${kind}.svg`;
}

export function buildVideos(
  rng: Rng,
  articles: readonly NewArticle[],
): { videos: Insertable<VideoTable>[]; playlists: Insertable<PlaylistTable>[]; playlistVideos: Insertable<PlaylistVideoTable>[] } {
  const slugs = new Set<string>();
  const ids = new Set<string>();
  const videos: Insertable<VideoTable>[] = [];
  for (let i = 0; i < 24; i++) {
    let id = rng.digits(13);
    while (ids.has(id)) id = rng.digits(13);
    ids.add(id);
    const template = i % 4 === 0 ? VIDEO_TITLES[1] : rng.pick(VIDEO_TITLES);
    const name = fill(template, {
      verb: rng.pick(VERBS),
      object: titleCase(rng.pick(OBJECTS)),
      audience: rng.pick(AUDIENCES),
      gerund: rng.pick(GERUNDS),
    });
    const article = rng.chance(0.5) ? rng.pick(articles) : null;
    const tags: string[] = rng.sample(
      TAGS.filter((t) => t !== 'explainer'),
      rng.int(1, 3),
    );
    if (template === VIDEO_TITLES[1]) tags.unshift('explainer');
    const pub = new Date(Date.UTC(rng.int(2023, 2025), rng.int(0, 11), rng.int(1, 28), rng.int(10, 18)));
    const description = `${makeSentence(rng)} ${makeSentence(rng)}`;
    // The length drawn before the clips, dropped: the stream stays as it was, so nothing after it moves.
    rng.int(75, 1200);
    const clip = clipOfIndex(i);
    videos.push({
      id,
      name,
      slug: uniqueSlug(slugify(name), slugs),
      description,
      link_url: article ? articlePath(article.year, article.month, article.slug) : null,
      link_text: article ? article.title : null,
      poster: videoMediaPath(id, 'poster'),
      thumbnail: videoMediaPath(id, 'thumbnail'),
      src: videoSourcePath(id),
      duration: clip.seconds,
      clip: clip.clip,
      pubdate: pub.toISOString(),
      tags: JSON.stringify(tags),
      subscriber_only: rng.chance(0.2) ? 1 : 0,
    });
  }

  const byNewest = [...videos].sort((a, b) => (a.pubdate < b.pubdate ? 1 : a.pubdate > b.pubdate ? -1 : 0));
  const members: Record<(typeof PLAYLISTS)[number]['id'], Insertable<VideoTable>[]> = {
    'what-to-watch-next': rng.sample(videos, 8),
    'the-latest': byNewest.slice(0, 10),
    explainers: videos.filter((v) => v.tags.includes('"explainer"')),
  };
  // The page shows 6 tiles and 'Load more' 6 more: every playlist holds at least PLAYLIST_MIN_VIDEOS,
  // topped up with the newest videos it lacks (the default seed needs none).
  for (const p of PLAYLISTS) {
    const list = members[p.id];
    for (const v of byNewest) {
      if (list.length >= PLAYLIST_MIN_VIDEOS) break;
      if (!list.includes(v)) list.push(v);
    }
  }
  const playlists = PLAYLISTS.map((p, position) => ({ id: p.id, name: p.name, position }));
  const playlistVideos = PLAYLISTS.flatMap((p) => members[p.id].map((v, position) => ({ playlist_id: p.id, video_id: v.id, position })));
  return { videos, playlists, playlistVideos };
}
