/**
 * The messages between the API process and a worker of the render tier (render-worker.cjs, decision
 * 045; docs/contracts.md "The render tier's messages"). The worker is never imported: these are the
 * types of what crosses the IPC channel, which the API process checks before it believes them.
 */

/** What a render is told of the page request: never a cookie, a header or the reader's address. */
export interface RenderRequest {
  url: string;
  origin: string;
  session: boolean;
  shareable: boolean;
  /**
   * /remotes.json as the API answers this reader (their cohort, the pins): given with the page, so
   * the render does not ask for it (decision 045).
   */
  remotes?: { remotes: Partial<Record<string, string>>; integrity?: Partial<Record<string, unknown>> };
}

/** API -> worker. */
export type ToWorker =
  | { type: 'render'; id: string; request: RenderRequest }
  | { type: 'fetched'; id: number; status: number; statusText: string; headers: Array<[string, string]>; body: string | null }
  | { type: 'fetched'; id: number; error: string }
  | { type: 'ping'; id: number }
  | { type: 'batch'; messages: ToWorker[] };

/**
 * A rendered page as the worker sends it: the server build's markup, what the page says of its
 * document and how each slot was rendered, and the render data (`{ loads, slots, origin, reader? }`)
 * as JSON text escaped for a script element.
 */
export interface ComposablePage {
  html: string;
  page: { status?: number; article?: unknown; sheets?: string[] };
  slots: Record<string, string>;
  data: string;
}

/** Worker -> API (untrusted: the remotes' code runs in the worker and can send anything). */
export type FromWorker =
  | { type: 'ready' }
  | { type: 'fetch'; id: number; renderId: string; path: string; method: string; headers: Array<[string, string]>; body: string | null }
  | { type: 'warn'; renderId: string; msg: string; fields: Record<string, string> }
  | { type: 'rendered'; id: string; page: ComposablePage; keep?: number }
  | { type: 'rendered'; id: string; again: number }
  | { type: 'none'; id: string }
  | { type: 'failed'; id: string; error: string }
  | { type: 'pong'; id: number }
  | { type: 'batch'; messages: FromWorker[] };

export {};
