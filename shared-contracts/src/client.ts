/**
 * The typed API client. Every answer is parsed with the schema that the server also uses, so a
 * drift between client and server fails loudly at the edge instead of deep in a component.
 * State-changing requests carry the custom header the server's CSRF check requires.
 */
import * as z from 'zod/mini';
import {
  ApiErrorBodySchema,
  ApiMessageSchema,
  ArticleContentSchema,
  ArticleGiftSchema,
  GiftAllowanceSchema,
  ReadingListsSchema,
  CaptchaStatusSchema,
  GeolocationSchema,
  QuotaSchema,
  RegistrationResultSchema,
  SubscriberLookupSchema,
  ArticleSchema,
  LoginErrorSchema,
  RemotesConfigSchema,
  TopicSchema,
  UserSchema,
  REGISTRATION_HEADER,
  REGISTRATION_HEADER_VALUE,
  type ApiErrorBody,
  type ClientErrorReport,
  type LoginError,
  type RegistrationResult,
  type User,
} from './schemas';
import { CSRF_HEADER, CSRF_VALUE, SESSION_HINT_COOKIE } from './constants';
import type {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  ProfileUpdateRequest,
  RegistrationRequest,
  ResetPasswordRequest,
  SignInRequest,
  SubscribeRequest,
  SubscriberSearchRequest,
} from './requests';
import type { NewsletterKind, StreamParams, StreamType } from './discovery';
import type { AddToCartRequest } from './commerce';

/**
 * The schemas of an area's answers, loaded with the area's module when a request of that area is
 * first made (decision 022): the core entry of shared-contracts, which every page runs, does not
 * carry the discovery, library or store schemas. The calls only one area's pages make are not
 * here at all but in that area's entry, on this client's `request`: the store's (commerce-api.ts),
 * My Library's (library-api.ts), the video pages' (video-api.ts) and the visual library's
 * (visual-api.ts). A page of an area has the module already (its remote imports the area's entry),
 * so the import resolves at once. Each import names
 * the exports it takes (`webpackExports`): a dynamic import otherwise keeps every export of its
 * module, the server's request schemas included (entries.test.ts keeps the lists exact).
 */
type Areas = {
  discovery: typeof import('./discovery');
  commerce: typeof import('./commerce');
};
const areaModules: { [A in keyof Areas]: () => Promise<Areas[A]> } = {
  discovery: () =>
    import(
      /* webpackExports: ["ArchiveSchema", "FollowingSchema", "IssueSchema", "NewsletterListSchema", "NewsletterSubscriptionsSchema", "SearchSuggestionSchema", "StreamSchema", "TopicDetailSchema", "streamPagePath"] */ './discovery'
    ),
  commerce: () => import(/* webpackExports: ["AddToCartResultSchema", "SubscriptionOffersSchema"] */ './commerce'),
};
function schemaOf<A extends keyof Areas, K extends keyof Areas[A]>(area: A, name: K): Promise<Areas[A][K]> {
  return areaModules[area]().then((m) => m[name]);
}

/** What the header's cart count reads of GET /api/shopping-cart (the whole answer is commerce's CartSchema). */
const CartCountSchema = z.object({ itemCount: z.int(), lastModified: z.string() });

/** True when the page's cookies carry the session hint. */
export function hasSessionHint(): boolean {
  if (typeof document === 'undefined') return true; // no cookies to read: ask the server
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | LoginError | (ApiErrorBody & LoginError) | null,
  ) {
    super(body && 'message' in body ? body.message : `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

let serverFetch: typeof fetch | null = null;
/**
 * Where the requests of clients made without `fetchImpl` go while the server renders a page: the
 * server's renderer sends them into the API with the reader's cookies (decision 032). Never set in
 * a browser.
 */
export function setServerFetch(f: typeof fetch | null): void {
  serverFetch = f;
}

/** A query string of the parameters that have a value ('' when none has): `?a=1&b=x`. */
export function query(params: Record<string, string | number | boolean | undefined>): string {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') s.set(k, String(v));
  const str = s.toString();
  return str ? `?${str}` : '';
}

export interface ApiClientOptions {
  /** Origin and path prefix of the API; '' means the page's own origin. */
  baseUrl?: string;
  fetchImpl?: typeof fetch;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';

  async function request<T extends z.ZodMiniType>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    schema: T | Promise<T>,
    body?: unknown,
  ): Promise<z.infer<T>> {
    return (await exchange(method, path, schema, body)).data;
  }

  /** A request whose answer headers matter too (Last-Modified, the registration flag). */
  async function exchange<T extends z.ZodMiniType>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    schema: T | Promise<T>,
    body?: unknown,
  ): Promise<{ data: z.infer<T>; headers: Headers }> {
    // An area's schema loads while the request is in flight; a failed answer does not wait for it.
    if (schema instanceof Promise) schema.catch(() => undefined);
    const f = options.fetchImpl ?? serverFetch ?? globalThis.fetch;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (method !== 'GET') headers[CSRF_HEADER] = CSRF_VALUE;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await f(baseUrl + path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) {
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        // A proxy's HTML error page: the status alone speaks.
      }
      const err = ApiErrorBodySchema.safeParse(json);
      const login = LoginErrorSchema.safeParse(json);
      // A failed sign-in carries both shapes (message, and code/tries_left/lockout_duration): keep both.
      const body = err.success && login.success ? { ...login.data, ...err.data } : err.success ? err.data : login.success ? login.data : null;
      throw new ApiError(res.status, body);
    }
    const json: unknown = text ? JSON.parse(text) : null;
    return { data: (await schema).parse(json), headers: res.headers };
  }

  return {
    request,
    remotes: () => request('GET', '/remotes.json', RemotesConfigSchema),
    /** Reports a remote that failed to load (decision 017); the server logs it. */
    reportClientError: (body: ClientErrorReport) => request('POST', '/api/client-errors', z.null(), body),
    /** The signed-in user, or null for a guest. */
    async currentUser(): Promise<User | null> {
      try {
        return await request('GET', '/service/user/profile', UserSchema);
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) return null;
        throw e;
      }
    },
    /** The signed-in user and the profile's Last-Modified, or null for a guest. */
    async profile(): Promise<{ user: User; lastModified: string | null } | null> {
      try {
        const { data, headers } = await exchange('GET', '/service/user/profile', UserSchema);
        return { user: data, lastModified: headers.get('Last-Modified') };
      } catch (e) {
        if (e instanceof ApiError && e.status === 401) return null;
        throw e;
      }
    },
    /** HEAD of the profile: its Last-Modified, or null for a guest (the cache check of PAY-04). */
    async profileModified(): Promise<string | null> {
      const f = options.fetchImpl ?? serverFetch ?? globalThis.fetch;
      const res = await f(`${baseUrl}/service/user/profile`, { method: 'HEAD', credentials: 'same-origin' });
      return res.ok ? res.headers.get('Last-Modified') : null;
    },
    updateProfile: (body: ProfileUpdateRequest) => request('POST', '/service/user/profile', UserSchema, body),
    quota: () => request('GET', '/service/user/quota', QuotaSchema),
    /** Registration; `flagged` is true when the success header was present (PAY-04, PAY-07). */
    async register(form: RegistrationRequest): Promise<{ result: RegistrationResult; flagged: boolean }> {
      const { data, headers } = await exchange('POST', '/api/user/register', RegistrationResultSchema, {
        deviceType: 'WEB_SITE',
        ...form,
      });
      return { result: data, flagged: headers.get(REGISTRATION_HEADER) === REGISTRATION_HEADER_VALUE };
    },
    subscriberSearch: (body: SubscriberSearchRequest) => request('POST', '/api/user/subscriber/search', SubscriberLookupSchema, body),
    subscribe: (body: SubscribeRequest) => request('POST', '/api/user/subscribe', UserSchema, body),
    checkoutComplete: () => request('POST', '/api/user/subscribe/checkoutComplete', UserSchema, {}),
    forgotPassword: (body: ForgotPasswordRequest) => request('POST', '/api/user/forgotpassword', ApiMessageSchema, { deviceType: 'WEB_SITE', ...body }),
    resetPassword: (body: ResetPasswordRequest) => request('POST', '/service/user/reset-password', ApiMessageSchema, body),
    changePassword: (body: ChangePasswordRequest) => request('POST', '/service/user/password', ApiMessageSchema, body),
    captchaStatus: () => request('GET', '/api/recaptcha/enabled', CaptchaStatusSchema),
    geolocation: () => request('GET', '/api/geolocation', GeolocationSchema),
    signIn: (form: SignInRequest) => request('POST', '/authenticate', UserSchema, { deviceType: 'WEB_SITE', ...form }),
    article: (year: string | number, month: string | number, slug: string) =>
      request('GET', `/api/article/${year}/${month}/${encodeURIComponent(slug)}`, ArticleSchema),
    /** The body, if the meter allows it (PAY-07); `gift` is a gift link's token. */
    articleContent: (year: string | number, month: string | number, slug: string, gift?: string) =>
      request('POST', `/api/article/piano/content${query({ year, month, seotitle: slug })}`, ArticleContentSchema, gift ? { gift } : {}),
    giveGift: (url: string) => request('POST', '/api/article-gift/give-gift', ArticleGiftSchema, { url }),
    giftAllowance: () => request('GET', '/api/article-gift/allowance', GiftAllowanceSchema),
    readingLists: (articleId: string) => request('GET', `/api/reading-lists${query({ article: articleId })}`, ReadingListsSchema),
    topics: () => request('GET', '/api/topics', z.array(TopicSchema)),
    archive: () => request('GET', '/api/magazine/archive', schemaOf('discovery', 'ArchiveSchema')),
    /* ---------------------------------------------------------------- store and cart (commerce.ts) */
    subscriptionOffers: () => request('GET', '/api/store/subscriptions', schemaOf('commerce', 'SubscriptionOffersSchema')),
    /** The cart's count and Last-Modified only (the header's cart count, cart.ts): no commerce schemas needed. */
    cartCount: () => request('GET', '/api/shopping-cart', CartCountSchema),
    /** HEAD of the cart: its Last-Modified (the freshness check of PAY-04), or null. */
    async cartModified(): Promise<string | null> {
      const f = options.fetchImpl ?? serverFetch ?? globalThis.fetch;
      const res = await f(`${baseUrl}/api/commerce/shopping-cart`, { method: 'HEAD', credentials: 'same-origin' });
      return res.ok ? res.headers.get('Last-Modified') : null;
    },
    addToCart: (body: AddToCartRequest) => request('POST', '/api/shopping-cart', schemaOf('commerce', 'AddToCartResultSchema'), body),

    /* ---------------------------------------------------------------- discovery */
    /** One page of a stream; `number` counts from the stream's first page (firstPageOf). */
    async stream(type: StreamType, number: number, size: number, params: StreamParams = {}) {
      const { streamPagePath, StreamSchema } = await areaModules.discovery();
      return request('GET', streamPagePath(type, number, size, params), StreamSchema);
    },
    /** Auto-suggest (SITE-07): up to 6 records and 3 subjects. */
    autoSuggest: (term: string) => request('GET', `/service/search/auto-suggest${query({ term })}`, schemaOf('discovery', 'SearchSuggestionSchema')),
    topic: (slug: string) => request('GET', `/api/topic/${encodeURIComponent(slug)}`, schemaOf('discovery', 'TopicDetailSchema')),
    following: () => request('GET', '/service/user/topics', schemaOf('discovery', 'FollowingSchema')),
    follow: (name: string) => request('POST', '/service/user/topics', schemaOf('discovery', 'FollowingSchema'), { name }),
    unfollow: (slug: string) => request('DELETE', `/service/user/topics/${encodeURIComponent(slug)}`, schemaOf('discovery', 'FollowingSchema')),
    newsletters: () => request('GET', '/api/newsletters', schemaOf('discovery', 'NewsletterListSchema')),
    newsletterSubscriptions: () => request('GET', '/service/user/newsletters', schemaOf('discovery', 'NewsletterSubscriptionsSchema')),
    /** Subscribe to a newsletter or a marketing campaign by id. */
    subscribeNewsletter: (kind: NewsletterKind, id: string) =>
      request(
        'POST',
        kind === 'newsletter' ? '/service/user/newsletters' : '/service/user/marketingcampaigns',
        schemaOf('discovery', 'NewsletterSubscriptionsSchema'),
        {
          name: id,
          activity: 'subscribe',
        },
      ),
    unsubscribeNewsletter: (kind: NewsletterKind, id: string) =>
      request(
        'DELETE',
        `${kind === 'newsletter' ? '/service/user/newsletters' : '/service/user/marketingcampaigns'}/${encodeURIComponent(id)}`,
        schemaOf('discovery', 'NewsletterSubscriptionsSchema'),
      ),
    unsubscribeAll: () => request('DELETE', '/service/user/unsubscribe/all', schemaOf('discovery', 'NewsletterSubscriptionsSchema')),
    currentIssue: () => request('GET', '/api/magazine/current-issue', schemaOf('discovery', 'IssueSchema')),
    issue: (code: string) => request('GET', `/api/magazine/issue/${encodeURIComponent(code)}`, schemaOf('discovery', 'IssueSchema')),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The page's client: same origin as the shell, which is where the API lives. */
export const api: ApiClient = createApiClient();
