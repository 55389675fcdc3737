// A worker of the render tier (decision 045): it evaluates the shell's server build
// (`shell/dist-server/render.js`, decision 032), which evaluates the remotes' server builds, and
// renders pages with them, in a process of its own. The API process forks it (http/render-tier.ts)
// with nothing of its own: no database handle, an environment of a few rendering settings (no
// secret), Node's permission model allowing it to read this file and the server build's folder only
// (no other file, no writing, no process, no thread, no native addon), an unprivileged uid when the
// API runs as root (so it cannot signal the API either), and a bounded heap.
//
// It holds no reader's cookies and no render key: every request a render makes goes to the API
// process over IPC, which answers it as the reader (their cookies and address stay there) or refuses
// it. The messages are a contract between the two (docs/contracts.md, "The render tier's messages";
// the types in render-worker.d.cts):
//
//   API -> worker: { type: 'render', id, request: { url, origin, session, shareable } }
//                  { type: 'fetched', id, status, statusText, headers, body } | { type: 'fetched', id, error }
//                  { type: 'ping', id }
//                  { type: 'batch', messages: [...] } (several of these, sent in one turn of the event loop)
//   worker -> API: { type: 'ready' }
//                  { type: 'fetch', id, renderId, path, method, headers, body }
//                  { type: 'warn', renderId, msg, fields }
//                  { type: 'rendered', id, page: { html, page, slots, data }, keep? } | { type: 'rendered', id, again }
//                  { type: 'none', id } | { type: 'failed', id, error }
//                  { type: 'pong', id }
//                  { type: 'batch', messages: [...] }
//
// The server build is evaluated again when a new file replaces it (its modification time or size
// changes; one stat per render), so a release of the shell is rendered without a restart.
//
// A guest's page of public data is kept by the server build for a few seconds and returned again
// as the same object (render.tsx, PUBLIC_PAGE_TTL_MS). The second time a page object is returned it
// is sent with `keep: n`, which asks the API process to hold it; from the third time only
// `again: n` is sent, and the API uses the page it holds, so a kept page crosses the channel twice
// instead of at every request (decision 045 has the figures).
// CommonJS with Node's modules only: it runs as plain `node` under the permission model, which
// allows it to read no module outside this file and the server build's folder.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** Statuses an answer has no body with (a Response built with one would throw). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
/** The longest error text sent to the API process. */
const MAX_ERROR_TEXT = 500;

/**
 * The render module of `file`, loaded by Node's CommonJS loader (its `require` serves Node's
 * built-in modules; the permission model lets it read nothing outside its folder) and loaded again,
 * out of the loader's cache, when the file's modification time or size changes; null while there is
 * none (not built). A file that throws while it is evaluated throws here, and again at the next
 * call until a new file replaces it.
 * @param {string} file
 * @returns {() => { renderPage: (request: object) => Promise<unknown> } | null}
 */
function createRenderModuleCache(file) {
  /** @type {{ mtimeMs: number, size: number, value: any } | null} */
  let cached = null;
  return () => {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      cached = null;
      return null;
    }
    if (!cached || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      const key = require.resolve(file);
      delete require.cache[key];
      try {
        cached = { mtimeMs: stat.mtimeMs, size: stat.size, value: require(key) };
      } finally {
        // Only the cache above keeps a build: a new file is always evaluated afresh.
        delete require.cache[key];
      }
    }
    return cached.value;
  };
}

/**
 * JSON for a <script> element: nothing in it can close the element or start a comment (the same
 * escaping as dev-server/src/routes/article-html.ts `scriptJson`, which the API process checks).
 * @param {unknown} value
 */
function scriptJson(value) {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * What the API process composes of a rendered page: its markup, what it says of its document, its
 * slots, and the render data for hydration as JSON text, serialized here (on the worker's core,
 * once per kept page) rather than cloned across the channel and serialized by the API.
 * @param {{ html: string, page: object, loads: unknown[], slots: object, reader?: unknown }} rendered
 * @param {string} origin
 */
function composable(rendered, origin) {
  return {
    html: rendered.html,
    page: rendered.page,
    slots: rendered.slots,
    data: scriptJson({ loads: rendered.loads, slots: rendered.slots, origin, reader: rendered.reader }),
  };
}

/** @param {unknown} error */
function errorText(error) {
  return String(error instanceof Error ? error.message : error).slice(0, MAX_ERROR_TEXT);
}

/** @param {string} file the shell's server build */
function serve(file) {
  const renderModule = createRenderModuleCache(file);
  /** @type {Map<number, { resolve: (res: Response) => void, reject: (error: Error) => void }>} */
  const fetches = new Map();
  let lastFetch = 0;
  /** The pages sent, by object: how often, and the number the API holds it by from the second time. */
  const sentPages = new WeakMap();
  let lastKept = 0;
  /**
   * Messages leave together at the end of the event loop's turn (one `batch` when there are
   * several): each message costs a pipe write and a wake-up of the other process.
   * @type {object[]}
   */
  let outbox = [];
  const flush = () => {
    const messages = outbox;
    outbox = [];
    if (process.connected && messages.length > 0) process.send(messages.length === 1 ? messages[0] : { type: 'batch', messages });
  };
  /** @param {object} message */
  const send = (message) => {
    outbox.push(message);
    if (outbox.length === 1) setImmediate(flush);
  };

  /**
   * The `fetch` of one render: each request is a message to the API process, which answers it as
   * the reader or refuses it; the answer is rebuilt here as a Response.
   * @param {string} renderId
   * @returns {typeof fetch}
   */
  const fetchFor = (renderId) => (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const id = ++lastFetch;
    return new Promise((resolve, reject) => {
      fetches.set(id, { resolve, reject });
      send({
        type: 'fetch',
        id,
        renderId,
        path: url,
        method: (init && init.method) || 'GET',
        headers: [...new Headers(init && init.headers)],
        body: init && typeof init.body === 'string' ? init.body : null,
      });
    });
  };

  /** @param {{ id: string, request: object }} message */
  async function render({ id, request }) {
    let module;
    try {
      module = renderModule();
    } catch (error) {
      send({ type: 'failed', id, error: `the server build did not evaluate: ${errorText(error)}` });
      return;
    }
    if (!module || typeof module.renderPage !== 'function') {
      send({ type: 'none', id });
      return;
    }
    try {
      const page = await module.renderPage({
        ...request,
        fetch: fetchFor(id),
        warn: (msg, fields) => send({ type: 'warn', renderId: id, msg, fields }),
      });
      if (typeof page !== 'object' || page === null) throw new Error('the server build rendered no page');
      let sent = sentPages.get(page);
      if (sent && sent.times >= 2 && sent.origin === request.origin) {
        sent.times++;
        send({ type: 'rendered', id, again: sent.kept });
        return;
      }
      if (!sent || sent.origin !== request.origin) {
        sent = { times: 0, kept: 0, origin: request.origin, composable: composable(page, request.origin) };
        sentPages.set(page, sent);
      }
      sent.times++;
      if (sent.times === 2) sent.kept = ++lastKept;
      send(sent.times === 2 ? { type: 'rendered', id, page: sent.composable, keep: sent.kept } : { type: 'rendered', id, page: sent.composable });
    } catch (error) {
      send({ type: 'failed', id, error: errorText(error) });
    }
  }

  const receive = (message) => {
    if (!message || typeof message !== 'object') return;
    if (message.type === 'batch') {
      for (const each of message.messages) if (each && each.type !== 'batch') receive(each);
    } else if (message.type === 'render') {
      void render(message);
    } else if (message.type === 'fetched') {
      const pending = fetches.get(message.id);
      if (!pending) return;
      fetches.delete(message.id);
      if (typeof message.error === 'string') {
        pending.reject(new TypeError(message.error));
        return;
      }
      const body = NULL_BODY_STATUSES.has(message.status) ? null : message.body;
      pending.resolve(new Response(body, { status: message.status, statusText: message.statusText, headers: message.headers }));
    } else if (message.type === 'ping') {
      send({ type: 'pong', id: message.id });
    }
  };
  process.on('message', receive);
  // The API process stopped or let it go: nothing more to render.
  process.on('disconnect', () => process.exit(0));

  // Evaluated now, so the first page does not wait for it; a build that fails here fails its
  // renders. Then one page is rendered with every request answered 503 and nothing kept, so that
  // React and the shell's components have run once before a reader's page does (a first render
  // is several times slower than the next ones).
  void (async () => {
    try {
      const module = renderModule();
      if (module && typeof module.renderPage === 'function') {
        const unavailable = () => Promise.resolve(new Response('{"message":"Unavailable"}', { status: 503, headers: { 'Content-Type': 'application/json' } }));
        await module.renderPage({ url: '/', origin: 'http://localhost', fetch: unavailable, session: false, shareable: false, warn: () => undefined });
      }
    } catch {
      // A build that fails is reported by the first render.
    }
    send({ type: 'ready' });
  })();
}

// Only ever a process's main module: the API process forks it and never loads it (no code it
// evaluates runs there); it exports nothing.
if (require.main === module) serve(path.resolve(process.argv[2] || ''));
