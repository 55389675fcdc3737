/**
 * Entity schemas of the API: one definition, used by the server to shape answers (and validate
 * input) and by the client to parse answers. Types are inferred from the schemas.
 * Written with zod/mini, whose functions tree-shake: these schemas ship to every page
 * (docs/decisions/009).
 */
import * as z from 'zod/mini';

export const UserStatusSchema = z.enum(['guest', 'registered', 'subscriber']);
export type UserStatus = z.infer<typeof UserStatusSchema>;

export const QuotaSchema = z.object({
  limit: z.int().check(z.nonnegative()),
  count: z.int().check(z.nonnegative()),
  remaining: z.int().check(z.nonnegative()),
});
export type Quota = z.infer<typeof QuotaSchema>;

export const TierSchema = z.object({ roleCode: z.string() });

export const UserSchema = z.object({
  id: z.string(),
  guid: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  username: z.string(),
  emailAddress: z.string(),
  status: UserStatusSchema,
  tiers: z.array(TierSchema),
  quota: QuotaSchema,
  ascendQuota: QuotaSchema,
  createdDate: z.string(),
  lastUpdatedDate: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** Failed sign-in (section 3, Lockout response; section 7, POST /authenticate). */
export const LoginErrorSchema = z.object({
  code: z.string(),
  tries_left: z.optional(z.int()),
  lockout_duration: z.optional(z.int()),
  user_restricted: z.optional(z.boolean()),
});
export type LoginError = z.infer<typeof LoginErrorSchema>;

export const SignInRequestSchema = z.object({
  username: z.string().check(z.trim(), z.minLength(1)),
  password: z.string().check(z.minLength(1)),
  reCaptchaToken: z.optional(z.string()),
  deviceType: z.optional(z.literal('WEB_SITE')),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

export const TopicSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  parentId: z.nullable(z.string()),
});
export type Topic = z.infer<typeof TopicSchema>;

export const AuthorSchema = z.object({ name: z.string() });
export type Author = z.infer<typeof AuthorSchema>;

export const ArticleContentTypeSchema = z.enum(['Magazine Article', 'Digital Article']);

/** A stream entry for an article (site spec section 3, Stream entry). */
export const ArticleSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  url: z.string(),
  published: z.string(),
  contentType: ArticleContentTypeSchema,
  category: z.object({ term: z.string() }),
  author: z.array(AuthorSchema),
  image: z.nullable(z.string()),
  free: z.boolean(),
});
export type ArticleSummary = z.infer<typeof ArticleSummarySchema>;

export const PageInfoSchema = z.object({
  number: z.int(),
  size: z.int(),
  totalPages: z.int(),
  totalElements: z.int(),
  last: z.boolean(),
});
export type PageInfo = z.infer<typeof PageInfoSchema>;

/** Stream response (site spec section 3): entry list, page.last, type, isPaywallEnabled, maintenanceStatus. */
export function streamSchema<T extends z.ZodMiniType>(entry: T) {
  return z.object({
    entry: z.array(entry),
    page: PageInfoSchema,
    type: z.string(),
    isPaywallEnabled: z.boolean(),
    maintenanceStatus: z.boolean(),
  });
}
export const ArticleStreamSchema = streamSchema(ArticleSummarySchema);
export type ArticleStream = z.infer<typeof ArticleStreamSchema>;

/** Article headline fields (site spec section 3) plus the body. */
export const ArticleSchema = z.extend(ArticleSummarySchema, {
  slug: z.string(),
  year: z.int(),
  month: z.int().check(z.minimum(1), z.maximum(12)),
  topic: z.object({ name: z.string(), url: z.string() }),
  series: z.nullable(z.string()),
  bigIdea: z.boolean(),
  lead: z.string(),
  body: z.array(z.string()),
});
export type Article = z.infer<typeof ArticleSchema>;

export const ProductTypeSchema = z.enum(['ebook', 'bundle', 'digital', 'ship']);

export const ProductSchema = z.object({
  id: z.string(),
  sku: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.string(),
  productUrl: z.string(),
  availabilityId: z.string(),
  format: z.string(),
  language: z.string(),
  contentType: z.string(),
  type: ProductTypeSchema,
  listPrice: z.number().check(z.nonnegative()),
  availabilityStatus: z.enum(['AVAILABLE', 'COMING_SOON']),
  image: z.nullable(z.string()),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductListSchema = z.object({
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  category: z.nullable(z.string()),
  products: z.array(ProductSchema),
});
export type ProductList = z.infer<typeof ProductListSchema>;

/** Video (spec 2 section 3). duration is in seconds. */
export const VideoSchema = z.object({
  id: z.string().check(z.regex(/^\d+$/)),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  link: z.nullable(z.object({ url: z.string(), text: z.string() })),
  poster: z.string(),
  thumbnail: z.string(),
  src: z.string(),
  duration: z.number().check(z.nonnegative()),
  custom_fields: z.object({ pubdate: z.string() }),
  tags: z.array(z.string()),
  subscriberOnly: z.boolean(),
});
export type Video = z.infer<typeof VideoSchema>;

export const PlaylistSchema = z.object({
  id: z.string(),
  name: z.string(),
  videos: z.array(VideoSchema),
});
export type Playlist = z.infer<typeof PlaylistSchema>;

/** Visual-library feed item (spec 2 section 3). */
export const ChartSchema = z.object({
  id: z.string(),
  title: z.string(),
  url: z.string(),
  term: z.string(),
  contentImage: z.string(),
  parentArticle: z.string(),
  parentArticleLink: z.string(),
  summary: z.string(),
  published: z.string(),
  isCollection: z.boolean(),
});
export type Chart = z.infer<typeof ChartSchema>;

/** GET /api/data-and-visuals answer: content[], number, totalPages, totalElements, first/last. number counts from 1. */
export const ChartPageSchema = z.object({
  content: z.array(ChartSchema),
  number: z.int(),
  size: z.int(),
  totalPages: z.int(),
  totalElements: z.int(),
  first: z.boolean(),
  last: z.boolean(),
});
export type ChartPage = z.infer<typeof ChartPageSchema>;

export const VisualSubjectSchema = z.object({ id: z.string(), label: z.string(), filter: z.string() });
export type VisualSubject = z.infer<typeof VisualSubjectSchema>;

/** Folder (list) of My Library (site spec section 3). */
export const FolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  slug: z.string(),
  readOnly: z.boolean(),
  itemCount: z.int().check(z.nonnegative()),
});
export type Folder = z.infer<typeof FolderSchema>;
export const FolderListSchema = z.array(FolderSchema);

export const ArchiveIssueSchema = z.object({
  issueCode: z.string(),
  issueMonth: z.string(),
  issueURL: z.string(),
});
export const ArchiveYearSchema = z.object({ yearId: z.string(), issues: z.array(ArchiveIssueSchema) });
export const ArchiveSchema = z.object({ years: z.array(ArchiveYearSchema) });
export type Archive = z.infer<typeof ArchiveSchema>;

/** GET /remotes.json: where each remote's manifest is, read by the shell at run time. */
export const REMOTE_NAMES = ['paywall', 'library', 'store', 'video', 'visualLibrary'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export const RemotesConfigSchema = z.object({
  remotes: z.record(z.enum(REMOTE_NAMES), z.url()),
});
export type RemotesConfig = z.infer<typeof RemotesConfigSchema>;

/** Every error answer of the API has this shape; validation failures add errors[]. */
export const ApiErrorBodySchema = z.object({
  message: z.string(),
  errors: z.optional(z.array(z.object({ field: z.string(), errorMessage: z.string() }))),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;
