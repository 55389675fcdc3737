/**
 * Table types of the embedded database, as Kysely sees them. Columns stay portable between
 * SQLite and PostgreSQL: text ids, integer (0/1 for flags) and real numbers, ISO-8601 strings for
 * timestamps, JSON kept in text columns where a list is only ever read whole.
 */
import type { Insertable, Selectable } from 'kysely';

/** 0 or 1: SQLite has no boolean type and PostgreSQL accepts integers here just as well. */
export type Flag = number;

export interface TopicTable {
  id: string;
  name: string;
  slug: string;
  parent_id: string | null;
  position: number;
}

export interface ArticleTable {
  id: string;
  slug: string;
  year: number;
  month: number;
  title: string;
  summary: string;
  lead: string;
  /** JSON array of paragraphs. */
  body: string;
  /** JSON array of author names. */
  authors: string;
  /** ISO-8601 timestamp. */
  published: string;
  content_type: string;
  topic_id: string;
  series: string | null;
  big_idea: Flag;
  free: Flag;
  image: string | null;
}

export interface MagazineIssueTable {
  code: string;
  year: number;
  number: number;
  /** Cover label, e.g. 'January-February' or 'July'. */
  label: string;
}

/** One row per month label of the archive picker; several labels may point to one issue. */
export interface ArchiveEntryTable {
  year: number;
  position: number;
  month_label: string;
  issue_code: string;
}

export interface ProductCategoryTable {
  slug: string;
  name: string;
  position: number;
}

export interface ProductTable {
  id: string;
  sku: string;
  slug: string;
  title: string;
  summary: string;
  category_slug: string;
  availability_id: string;
  format: string;
  language: string;
  content_type: string;
  list_price: number;
  availability_status: string;
  image: string | null;
  position: number;
}

export interface VideoTable {
  /** Digits only (the video platform's numeric id), kept as text. */
  id: string;
  name: string;
  slug: string;
  description: string;
  link_url: string | null;
  link_text: string | null;
  poster: string;
  thumbnail: string;
  src: string;
  duration: number;
  pubdate: string;
  /** JSON array of tags. */
  tags: string;
  subscriber_only: Flag;
}

export interface PlaylistTable {
  id: string;
  name: string;
  position: number;
}

export interface PlaylistVideoTable {
  playlist_id: string;
  video_id: string;
  position: number;
}

export interface ChartSubjectTable {
  id: string;
  label: string;
  /** The subject filter id a client passes as N. */
  filter: string;
  position: number;
}

export interface ChartTable {
  id: string;
  title: string;
  subject_id: string;
  summary: string;
  published: string;
  kind: string;
  /** JSON of the series the SVG is drawn from (see services/chart-svg.ts). */
  data: string;
  parent_article_title: string;
  parent_article_url: string;
  is_collection: Flag;
}

export interface UserTable {
  id: string;
  guid: string;
  /** Lower-cased; unique. */
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  /** scrypt$N$r$p$salt$hash (see services/passwords.ts). */
  password_hash: string;
  status: string;
  created_at: string;
  updated_at: string;
}

export interface UserTierTable {
  user_id: string;
  role_code: string;
}

export interface SessionTable {
  /** SHA-256 (hex) of the cookie value; the value itself is never stored. */
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

export interface FolderTable {
  id: string;
  user_id: string;
  name: string;
  description: string;
  slug: string;
  read_only: Flag;
  position: number;
  created_at: string;
}

export interface FolderItemTable {
  folder_id: string;
  article_id: string;
  saved_at: string;
}

export interface OutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface Database {
  topics: TopicTable;
  articles: ArticleTable;
  magazine_issues: MagazineIssueTable;
  archive_entries: ArchiveEntryTable;
  product_categories: ProductCategoryTable;
  products: ProductTable;
  videos: VideoTable;
  playlists: PlaylistTable;
  playlist_videos: PlaylistVideoTable;
  chart_subjects: ChartSubjectTable;
  charts: ChartTable;
  users: UserTable;
  user_tiers: UserTierTable;
  sessions: SessionTable;
  folders: FolderTable;
  folder_items: FolderItemTable;
  outbox: OutboxTable;
}

export type TopicRow = Selectable<TopicTable>;
export type ArticleRow = Selectable<ArticleTable>;
export type MagazineIssueRow = Selectable<MagazineIssueTable>;
export type ArchiveEntryRow = Selectable<ArchiveEntryTable>;
export type ProductCategoryRow = Selectable<ProductCategoryTable>;
export type ProductRow = Selectable<ProductTable>;
export type VideoRow = Selectable<VideoTable>;
export type PlaylistRow = Selectable<PlaylistTable>;
export type ChartSubjectRow = Selectable<ChartSubjectTable>;
export type ChartRow = Selectable<ChartTable>;
export type UserRow = Selectable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type FolderRow = Selectable<FolderTable>;
export type OutboxRow = Selectable<OutboxTable>;

export type NewArticle = Insertable<ArticleTable>;
export type NewTopic = Insertable<TopicTable>;
export type NewUser = Insertable<UserTable>;
