/** Videos, playlists and the visual library. */
import { z } from 'zod';
import { type Chart, type ChartPage, type Collection, type Playlist, type PlaylistList, type Video, type VisualSubject } from 'shared-contracts/server';
import type { VideoRow } from '../db/database';
import type { ChartWithSubject, MediaRepository } from '../repositories/media';
import { ChartDataSchema, escapeXml, renderChartSvg } from './chart-svg';
import { collectionSubject, imageBasePath, videoImages } from './images/subjects';
import { NotFoundError } from './errors';
import { pageFacts, pageWindow, type PageFacts, type PageRequest } from './paging';
import { clipFileName } from './video-clips';

const StringList = z.array(z.string());

export function chartImagePath(id: string): string {
  return `/data-visuals/images/${id}.svg`;
}

function toVideo(row: VideoRow): Video {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    link: row.link_url !== null ? { url: row.link_url, text: row.link_text ?? row.link_url } : null,
    ...videoImages(row),
    src: row.src,
    duration: row.duration,
    custom_fields: { pubdate: row.pubdate },
    tags: StringList.parse(JSON.parse(row.tags)),
    subscriberOnly: row.subscriber_only === 1,
  };
}

function toChart(row: ChartWithSubject): Chart {
  return {
    id: row.id,
    title: row.title,
    url: chartImagePath(row.id),
    term: row.subject_label,
    contentImage: chartImagePath(row.id),
    parentArticle: row.parent_article_title,
    parentArticleLink: row.parent_article_url,
    summary: row.summary,
    published: row.published,
    isCollection: row.is_collection === 1,
  };
}

export interface ChartQuery extends PageRequest {
  /** Subject filter id (N), or null for every subject. */
  filter: string | null;
  /** Paywalled readers see only the first item (the route decides, see routes/media.ts). */
  paywall: boolean;
}

/** The page facts of a paywalled answer: page 1 of 1. */
function walledFacts(size: number, totalElements: number): PageFacts {
  return { number: 1, size, totalPages: 1, totalElements, first: true, last: true };
}

export function createMediaService(deps: { media: MediaRepository }) {
  const { media } = deps;
  return {
    async video(id: string): Promise<Video> {
      const row = await media.findVideo(id);
      if (!row) throw new NotFoundError('Video not found');
      return toVideo(row);
    },

    /** GET /api/playlists: every playlist in order, with its number of videos. */
    async playlists(): Promise<PlaylistList> {
      const rows = await media.listPlaylists();
      return { playlists: rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.count) })) };
    },

    /** The file of the clip a video plays (under VIDEO_CLIPS_DIR), or NotFoundError. */
    async videoClipFile(id: string): Promise<string> {
      const row = await media.findVideo(id);
      const file = row ? clipFileName(row.clip) : null;
      if (file === null) throw new NotFoundError('Video not found');
      return file;
    },

    async playlist(id: string): Promise<Playlist> {
      const playlist = await media.findPlaylist(id);
      if (!playlist) throw new NotFoundError('Playlist not found');
      const videos = await media.listPlaylistVideos(id);
      return { id: playlist.id, name: playlist.name, videos: videos.map(toVideo) };
    },

    async chartSubjects(): Promise<VisualSubject[]> {
      const rows = await media.listChartSubjects();
      return rows.map((s) => ({ id: s.id, label: s.label, filter: s.filter }));
    },

    /**
     * A page of charts, newest first. An unknown subject filter matches nothing. A paywalled answer
     * holds only the first item of the filter, as page 1 of 1, whatever page was asked.
     */
    async charts(query: ChartQuery): Promise<ChartPage> {
      const paywalled = query.paywall;
      let subjectId: string | null = null;
      if (query.filter !== null) {
        const subject = await media.findChartSubjectByFilter(query.filter);
        if (!subject) {
          const facts = paywalled ? walledFacts(query.size, 0) : pageFacts(query, 0);
          return { content: [], ...facts, paywalled };
        }
        subjectId = subject.id;
      }
      const total = await media.countCharts(subjectId);
      if (paywalled) {
        const rows = await media.listCharts(subjectId, 0, 1);
        return { content: rows.map(toChart), ...walledFacts(query.size, total), paywalled };
      }
      const { offset, limit } = pageWindow(query);
      const rows = await media.listCharts(subjectId, offset, limit);
      return { content: rows.map(toChart), ...pageFacts(query, total), paywalled };
    },

    /** GET /api/data-and-visuals/collections: every collection in order. */
    async collections(): Promise<{ collections: Collection[] }> {
      const rows = await media.listChartCollections();
      return {
        collections: rows.map((r) => ({
          id: r.id,
          title: r.title,
          summary: r.summary,
          collectionLink: r.collection_link,
          contentImage: r.content_image,
          image: imageBasePath(collectionSubject(r)),
        })),
      };
    },

    /** The chart drawn as an SVG document. */
    async chartSvg(id: string): Promise<string> {
      const row = await media.findChart(id);
      if (!row) throw new NotFoundError('Chart not found');
      return renderChartSvg(row.title, ChartDataSchema.parse(JSON.parse(row.data)));
    },

    /** A simple poster or thumbnail card for a video (the local stand-in for the video platform's images). */
    async videoImageSvg(id: string, kind: 'poster' | 'thumbnail'): Promise<string> {
      const row = await media.findVideo(id);
      if (!row) throw new NotFoundError('Video not found');
      return renderVideoCardSvg(row.name, row.duration, kind);
    },
  };
}

function renderVideoCardSvg(name: string, seconds: number, kind: 'poster' | 'thumbnail'): string {
  const [w, h] = kind === 'poster' ? [1280, 720] : [480, 270];
  const minutes = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 480 270" role="img" aria-labelledby="t" font-family="Helvetica, Arial, sans-serif">`,
    `<title id="t">${escapeXml(name)}</title>`,
    '<rect width="480" height="270" fill="#1d2b3a"/>',
    '<circle cx="240" cy="120" r="36" fill="#ffffff" fill-opacity="0.9"/>',
    '<polygon points="228,100 228,140 262,120" fill="#1d2b3a"/>',
    `<text x="24" y="220" font-size="18" fill="#ffffff">${escapeXml(name.length > 44 ? `${name.slice(0, 43)}…` : name)}</text>`,
    `<text x="456" y="250" font-size="14" text-anchor="end" fill="#c9d3dd">${minutes}</text>`,
    '</svg>',
    '',
  ].join('\n');
}

export type MediaService = ReturnType<typeof createMediaService>;
