/**
 * The render tier (decision 045): the pages' server rendering (decision 032) runs in a few worker
 * processes apart from the API process, because it evaluates code the API's team did not write: the
 * shell's server build, and through it each remote's `server/remote.js`, fetched from wherever
 * /remotes.json points. A team that can release a remote must not thereby run code as the API, next
 * to its database, the readers' sessions and its secrets.
 *
 * Each worker (render-worker.cjs) is forked with:
 * - no database handle and no secret: its environment is given explicitly (NODE_ENV, TZ, LANG, LC_ALL);
 * - Node's permission model: it may read its own script and the server build's folder, nothing else;
 *   no writing, no child process, no worker thread, no native addon (process.dlopen), no inspector;
 * - an unprivileged uid/gid (65534, 'nobody') when the API runs as root, so that it cannot signal
 *   the API process (signals are outside the permission model);
 * - a bounded heap (`RENDER_HEAP_MB`); one that exits or crashes is started again.
 *
 * Renders go to the least busy worker. A worker holds no reader's cookies and no render key: each
 * request a render makes comes back here as a message, is checked (a render in progress on that
 * worker, an API path, GET or HEAD, at most `MAX_FETCHES_PER_RENDER`) and answered by `dispatchFetch`
 * for that reader's request. A render that does not answer within `RENDER_DEADLINE_MS` gives the page
 * without server rendering (index.html alone, as when a render fails), and a worker that then does
 * not answer a ping within `PING_TIMEOUT_MS` (a loop that never yields) is killed and replaced.
 *
 * What the tier can still reach (the network; the page data of the renders it performs) is in
 * decision 045.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from './logger';
import type { RenderedPage } from './page-renderer';
import type { FromWorker, RenderRequest, ToWorker } from './render-worker.cjs';

/** The worker's script (forked, never imported). */
export const RENDER_WORKER_SCRIPT = path.join(__dirname, 'render-worker.cjs');

/**
 * Workers by default (RENDER_WORKERS). On the 2-core machine the API process and the workers share
 * the cores; decision 045 has the measurements behind this choice.
 */
export const DEFAULT_RENDER_WORKERS = 2;
export const MAX_RENDER_WORKERS = 8;

/** Each worker's V8 old-space limit, in MB: a render that leaks or a hostile build crashes its worker, not the API. */
export const RENDER_HEAP_MB = 256;

/**
 * How long the API waits for a rendered page: the render itself gives up after 2 s
 * (render.tsx DEFAULT_RENDER_TIMEOUT_MS) and answers what is ready, so a healthy worker answers
 * within this even on a machine so busy that its render starts late (decision 045).
 */
export const RENDER_DEADLINE_MS = 4000;

/** How long a worker has to answer a ping after a render missed its deadline, before it is killed. */
export const PING_TIMEOUT_MS = 1000;

/** The uid and gid of 'nobody': the workers' when the API runs as root. */
export const UNPRIVILEGED_ID = 65534;

/** The requests one render may make (a page makes a handful): a runaway or hostile render cannot keep the API busy. */
export const MAX_FETCHES_PER_RENDER = 100;

/** The longest answer passed to a render (characters of JSON). */
const MAX_ANSWER_CHARS = 8 * 1024 * 1024;

/** The environment a worker gets: settings that change how a page is rendered, never a secret. */
const RENDER_ENV = ['NODE_ENV', 'TZ', 'LANG', 'LC_ALL'] as const;

/** The request headers a render may choose; the rest (the reader's cookies above all) are the API's to add. */
const RENDER_HEADERS = new Set(['accept', 'if-none-match', 'if-modified-since']);

/** The methods a render may use: server renders only read (decision 045). */
const RENDER_METHODS = new Set(['GET', 'HEAD']);

/** The paths the page's API client reads on the server: /remotes.json and the API. */
const RENDER_PATHS = /^\/(remotes\.json$|api\/|service\/)/;

/** A worker starting again sooner than this after its start died young: the next start waits longer. */
const YOUNG_MS = 2000;
const MAX_RESTART_DELAY_MS = 5000;

/** Refusals logged per worker (a hostile build could send refusals without end). */
const LOGGED_REFUSALS = 20;

/**
 * Kept pages held per worker (render-worker.cjs `keep`), and how long one unused is held: a kept
 * page lives 5 s in the worker (render.tsx PUBLIC_PAGE_TTL_MS, at most 500 of them).
 */
const KEPT_PAGES = 600;
const KEPT_IDLE_MS = 10_000;

export interface RenderTierOptions {
  /** The shell's server build (`shell/dist-server/render.js`). */
  renderFile: string;
  /** How many workers (RENDER_WORKERS); default DEFAULT_RENDER_WORKERS. */
  workers?: number;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** Default RENDER_DEADLINE_MS (tests shorten it). */
  deadlineMs?: number;
  /** Default PING_TIMEOUT_MS (tests shorten it). */
  pingTimeoutMs?: number;
}

/** How one reader's render reaches the API and the logs. */
export interface RenderReader {
  /** Answers a request of the page as the reader (`dispatchFetch` for their request). */
  fetch: typeof fetch;
  /** A part that failed: logged with the page's path. */
  warn: (msg: string, fields: Record<string, string>) => void;
}

export interface RenderTier {
  /**
   * The page rendered by a worker; null when there is no server build (the shell not built). Rejects
   * when the render failed, its worker stopped or did not answer in time: the caller answers the
   * page without server rendering.
   */
  render(request: RenderRequest, reader: RenderReader): Promise<RenderedPage | null>;
  /**
   * Starts the workers that are not running (they start on the first page otherwise); resolves when
   * each has evaluated the server build (or stopped), at most `waitMs` (default 5 s) later.
   */
  start(waitMs?: number): Promise<void>;
  /** Stops every worker; renders in flight are answered without server rendering. */
  close(): Promise<void>;
  /** The running workers' process ids (tests). */
  pids(): number[];
}

// `app.locals.renderTier`: how startServer's close (and the tests') reach the app's render tier.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      renderTier?: RenderTier;
    }
  }
}

interface Flight {
  reader: RenderReader;
  resolve: (page: RenderedPage | null) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  fetches: number;
}

interface Worker {
  child: ChildProcess;
  started: number;
  renders: Map<string, Flight>;
  /** Settles when the worker has evaluated the server build ('ready') or stopped. */
  ready: Promise<void>;
  /** Messages waiting for the end of this turn of the event loop (`send`). */
  outbox: ToWorker[];
  /** Guests' kept pages the worker asked this process to hold, least recently used first. */
  kept: Map<number, { page: RenderedPage; used: number }>;
  ping: { id: number; timer: NodeJS.Timeout } | null;
  refusals: number;
  exited: boolean;
}

/** Whether uid 65534 can read `file`: every folder above it searchable and the file readable by others. */
export function othersCanRead(file: string): boolean {
  try {
    const resolved = fs.realpathSync(file);
    if (!(fs.statSync(resolved).mode & 0o004)) return false;
    for (let dir = path.dirname(resolved); ; dir = path.dirname(dir)) {
      if (!(fs.statSync(dir).mode & 0o001)) return false;
      if (path.dirname(dir) === dir) return true;
    }
  } catch {
    return false;
  }
}

/** The path of a render's request if it is one the API answers for a render (an API path of this site, without tricks), else null. */
export function renderReadPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2048 || !value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\#\s\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://render.invalid');
  } catch {
    return null;
  }
  // Dot segments (encoded or not) would be resolved into another path than the one checked.
  if (url.origin !== 'http://render.invalid' || url.pathname !== value.split('?')[0]) return null;
  return RENDER_PATHS.test(url.pathname) ? value : null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON text that cannot close a script element or start a comment (article-html.ts `scriptJson` made it so). */
const SCRIPT_SAFE_JSON = /^[^<>&\u2028\u2029]*$/;

/** A worker's page, checked before the API composes it: the worker runs remotes' code and may send anything. */
export function checkedPage(value: unknown): RenderedPage {
  if (!isRecord(value) || typeof value.html !== 'string' || !isRecord(value.page) || !isRecord(value.slots) || typeof value.data !== 'string') {
    throw new Error('the render tier answered something that is not a page');
  }
  const { status, sheets, article } = value.page;
  if (status !== undefined && !(Number.isInteger(status) && (status as number) >= 200 && (status as number) <= 599))
    throw new Error('a page status out of range');
  if (sheets !== undefined && !(Array.isArray(sheets) && sheets.every((s) => typeof s === 'string'))) throw new Error('sheets that are not names');
  if (article !== undefined && !(isRecord(article) && typeof article.title === 'string' && typeof article.url === 'string'))
    throw new Error('an article without its title');
  if (!Object.values(value.slots).every((slot) => typeof slot === 'string')) throw new Error('slots that are not states');
  // The data is written into a script element as it is: it must not be able to close it.
  if (!SCRIPT_SAFE_JSON.test(value.data)) throw new Error('render data that could close its script element');
  return value as unknown as RenderedPage;
}

const short = (value: unknown, max = 300): string => String(value).slice(0, max);

export function createRenderTier(options: RenderTierOptions): RenderTier {
  const count = Math.min(Math.max(Math.trunc(options.workers ?? DEFAULT_RENDER_WORKERS), 1), MAX_RENDER_WORKERS);
  const deadlineMs = options.deadlineMs ?? RENDER_DEADLINE_MS;
  const pingTimeoutMs = options.pingTimeoutMs ?? PING_TIMEOUT_MS;
  const { logger } = options;
  const renderFile = path.resolve(options.renderFile);
  const slots: Array<Worker | null> = Array.from({ length: count }, () => null);
  /** How many of a slot's workers in a row died young, and the timer of a start that waits. */
  const restarts = slots.map(() => ({ youngDeaths: 0, timer: null as NodeJS.Timeout | null }));
  let closed = false;
  let lastPing = 0;
  /** Render ids: unique in this process (a worker can answer only its own renders, checked by worker). */
  const idPrefix = randomBytes(6).toString('base64url');
  let lastRender = 0;
  const exits = new Set<Promise<void>>();
  const dropPrivileges = process.getuid?.() === 0;
  let unreadableLogged = false;

  /**
   * Messages to a worker leave together at the end of the event loop's turn, one `batch` for all
   * the answers and renders of that turn: on this machine a message costs about 0.2 ms of the API's
   * thread (a pipe write that wakes another process), and under load many leave in one turn.
   */
  const send = (worker: Worker, message: ToWorker) => {
    if (worker.exited) return;
    worker.outbox.push(message);
    if (worker.outbox.length === 1) setImmediate(flush, worker);
  };
  const flush = (worker: Worker) => {
    const messages = worker.outbox;
    worker.outbox = [];
    if (worker.exited || !worker.child.connected || messages.length === 0) return;
    try {
      worker.child.send(messages.length === 1 ? messages[0]! : { type: 'batch', messages });
    } catch {
      // The channel closed meanwhile: its exit answers the renders in flight.
    }
  };

  const refuse = (worker: Worker, reason: string, fields: Record<string, string>) => {
    worker.refusals++;
    if (worker.refusals <= LOGGED_REFUSALS) logger.warn(`a render's request was refused: ${reason}`, { ...fields, pid: String(worker.child.pid ?? '') });
    if (worker.refusals === LOGGED_REFUSALS) logger.warn("this render worker's further refusals are not logged", { pid: String(worker.child.pid ?? '') });
  };

  /** A render's request: checked, then answered as the reader by the API (their cookies are added there, never sent to the worker). */
  async function answerFetch(worker: Worker, message: Record<string, unknown>): Promise<void> {
    const id = message.id;
    if (typeof id !== 'number') return;
    const fail = (error: string) => send(worker, { type: 'fetched', id, error });
    const flight = typeof message.renderId === 'string' ? worker.renders.get(message.renderId) : undefined;
    if (!flight) {
      refuse(worker, 'not a render in progress on this worker', { path: short(message.path, 200) });
      fail('not a render in progress');
      return;
    }
    const readPath = renderReadPath(message.path);
    const method = typeof message.method === 'string' ? message.method.toUpperCase() : '';
    if (!readPath || !RENDER_METHODS.has(method)) {
      refuse(worker, 'a render reads API paths only, with GET or HEAD', { path: short(message.path, 200), method: short(message.method, 20) });
      fail(`a page render may only read this site's API (GET or HEAD): ${short(message.method, 20)} ${short(message.path, 200)}`);
      return;
    }
    if (++flight.fetches > MAX_FETCHES_PER_RENDER) {
      refuse(worker, `more than ${MAX_FETCHES_PER_RENDER} requests in one render`, { path: readPath });
      fail('too many requests in one render');
      return;
    }
    const headers = new Headers();
    if (Array.isArray(message.headers)) {
      for (const pair of message.headers.slice(0, 20)) {
        if (!Array.isArray(pair) || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') continue;
        const name = pair[0].toLowerCase();
        if (RENDER_HEADERS.has(name) && pair[1].length <= 1000) headers.set(name, pair[1]);
      }
    }
    try {
      const res = await flight.reader.fetch(readPath, { method, headers });
      // The API's answers to a render are text (JSON); they cross the channel as strings.
      const body = method === 'HEAD' ? null : await res.text();
      if (body && body.length > MAX_ANSWER_CHARS) throw new Error(`the answer to ${readPath} is larger than a render may read`);
      // The reader's cookies never reach the worker, not even those an answer sets.
      const answerHeaders = [...res.headers].filter(([name]) => name !== 'set-cookie');
      send(worker, { type: 'fetched', id, status: res.status, statusText: res.statusText, headers: answerHeaders, body });
    } catch (error) {
      fail(short(error instanceof Error ? error.message : error));
    }
  }

  function onMessage(worker: Worker, message: FromWorker | unknown, inBatch = false) {
    if (!isRecord(message)) return;
    switch (message.type) {
      case 'batch':
        if (!inBatch && Array.isArray(message.messages)) for (const each of message.messages.slice(0, 10_000)) onMessage(worker, each, true);
        return;
      case 'fetch':
        void answerFetch(worker, message);
        return;
      case 'warn': {
        const flight = typeof message.renderId === 'string' ? worker.renders.get(message.renderId) : undefined;
        if (!flight || typeof message.msg !== 'string') return;
        const fields: Record<string, string> = {};
        if (isRecord(message.fields)) for (const [key, value] of Object.entries(message.fields).slice(0, 10)) fields[short(key, 40)] = short(value, 500);
        flight.reader.warn(short(message.msg, 200), fields);
        return;
      }
      case 'rendered':
      case 'none':
      case 'failed': {
        const flight = typeof message.id === 'string' ? worker.renders.get(message.id) : undefined;
        if (!flight) return;
        worker.renders.delete(message.id as string);
        clearTimeout(flight.timer);
        if (message.type === 'none') flight.resolve(null);
        else if (message.type === 'failed') flight.reject(new Error(short(message.error, 500)));
        else if (message.again !== undefined) {
          const kept = typeof message.again === 'number' ? worker.kept.get(message.again) : undefined;
          if (!kept) {
            flight.reject(new Error('the render tier named a kept page this process does not hold'));
            return;
          }
          worker.kept.delete(message.again as number);
          kept.used = Date.now();
          worker.kept.set(message.again as number, kept);
          flight.resolve(kept.page);
        } else {
          try {
            const page = checkedPage(message.page);
            if (typeof message.keep === 'number') hold(worker, message.keep, page);
            flight.resolve(page);
          } catch (error) {
            flight.reject(error as Error);
          }
        }
        return;
      }
      case 'pong':
        if (worker.ping && message.id === worker.ping.id) {
          clearTimeout(worker.ping.timer);
          worker.ping = null;
        }
        return;
      default:
        return;
    }
  }

  /** Holds a kept page for its worker's `again` answers: at most KEPT_PAGES, none unused for KEPT_IDLE_MS. */
  function hold(worker: Worker, number: number, page: RenderedPage) {
    const now = Date.now();
    worker.kept.delete(number);
    worker.kept.set(number, { page, used: now });
    for (const [oldest, kept] of worker.kept) {
      if (worker.kept.size <= KEPT_PAGES && kept.used > now - KEPT_IDLE_MS) break;
      worker.kept.delete(oldest);
    }
  }

  function spawn(slot: number): Worker | null {
    if (dropPrivileges && !unreadableLogged) {
      const unreadable = [RENDER_WORKER_SCRIPT, renderFile].filter((file) => fs.existsSync(file) && !othersCanRead(file));
      if (unreadable.length > 0) {
        unreadableLogged = true;
        logger.error(
          `the render tier runs as uid ${UNPRIVILEGED_ID}, which cannot read ${unreadable.join(' and ')}: pages are answered without server rendering`,
          {},
        );
      }
    }
    const env: NodeJS.ProcessEnv = {};
    for (const name of RENDER_ENV) if (process.env[name] !== undefined) env[name] = process.env[name];
    // The real paths: the permission model allows paths, and a symbolic link would be another one.
    const real = (file: string) => {
      try {
        return fs.realpathSync(file);
      } catch {
        return file;
      }
    };
    const script = real(RENDER_WORKER_SCRIPT);
    const build = real(renderFile);
    let child: ChildProcess;
    try {
      child = fork(script, [build], {
        // Not the API's own flags (tsx's loader, an inspector): exactly these.
        execArgv: [
          '--experimental-permission',
          `--allow-fs-read=${script}`,
          `--allow-fs-read=${path.dirname(build)}`,
          '--disable-warning=ExperimentalWarning',
          `--max-old-space-size=${RENDER_HEAP_MB}`,
        ],
        env,
        cwd: '/',
        // JSON over the channel: most messages are small (a request, an answer of a few KB), for
        // which it costs half of 'advanced' here (decision 045).
        serialization: 'json',
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        ...(dropPrivileges ? { uid: UNPRIVILEGED_ID, gid: UNPRIVILEGED_ID } : {}),
      });
    } catch (error) {
      logger.error('a render worker could not be started', { error: short(error instanceof Error ? error.message : error) });
      return null;
    }
    let readied!: () => void;
    const ready = new Promise<void>((resolve) => (readied = resolve));
    const worker: Worker = { child, started: Date.now(), renders: new Map(), ready, outbox: [], kept: new Map(), ping: null, refusals: 0, exited: false };
    child.on('message', (message) => {
      if (isRecord(message) && message.type === 'ready') readied();
    });
    // What it prints (a crash's reason, a heap limit) is logged as data, never passed through as log lines of the API.
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (text: string) => {
        const line = text.trim();
        if (line) logger.warn('render worker output', { pid: String(child.pid ?? ''), text: short(line, 1000) });
      });
    }
    child.on('message', (message) => onMessage(worker, message));
    let exited!: () => void;
    const exit = new Promise<void>((resolve) => (exited = resolve));
    exits.add(exit);
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      if (worker.exited) return;
      worker.exited = true;
      if (worker.ping) clearTimeout(worker.ping.timer);
      const why = new Error(`the render worker stopped (${signal ?? `exit code ${code}`})`);
      for (const flight of worker.renders.values()) {
        clearTimeout(flight.timer);
        flight.reject(why);
      }
      worker.renders.clear();
      worker.kept.clear();
      readied();
      if (slots[slot] === worker) slots[slot] = null;
      exits.delete(exit);
      exited();
      if (closed) return;
      logger.warn('a render worker stopped; another is started', { pid: String(child.pid ?? ''), code: String(code), signal: String(signal) });
      // Started again at once; after a second young death in a row, after a wait that doubles (a
      // build that crashes every worker at start does not keep the machine busy starting them).
      const restart = restarts[slot]!;
      restart.youngDeaths = Date.now() - worker.started < YOUNG_MS ? restart.youngDeaths + 1 : 0;
      const delayMs = restart.youngDeaths < 2 ? 0 : Math.min(100 * 2 ** (restart.youngDeaths - 2), MAX_RESTART_DELAY_MS);
      restart.timer = setTimeout(() => {
        restart.timer = null;
        if (!closed && !slots[slot]) slots[slot] = spawn(slot);
      }, delayMs);
      restart.timer.unref();
    };
    child.on('exit', onExit);
    child.on('error', (error) => {
      logger.error('a render worker failed', { error: short(error.message) });
      if (child.exitCode === null && child.signalCode === null && !child.connected) onExit(null, null);
    });
    // The workers never keep the API process alive (a test that forgets close() still ends); a
    // render in flight keeps it alive by its deadline's timer.
    child.unref();
    for (const handle of [child.channel, child.stdout, child.stderr]) (handle as { unref?: () => void } | null | undefined)?.unref?.();
    return worker;
  }

  /** Kills a worker that does not answer a ping in time (its loop is stuck): its renders are answered without it, and it is replaced. */
  function probe(worker: Worker) {
    if (worker.ping || worker.exited) return;
    const id = ++lastPing;
    const timer = setTimeout(() => {
      if (worker.exited) return;
      logger.warn('a render worker did not answer: killed and replaced', { pid: String(worker.child.pid ?? '') });
      worker.child.kill('SIGKILL');
    }, pingTimeoutMs);
    worker.ping = { id, timer };
    send(worker, { type: 'ping', id });
  }

  function start(waitMs = 5000): Promise<void> {
    if (closed || !fs.existsSync(renderFile)) return Promise.resolve();
    for (let i = 0; i < slots.length; i++) if (!slots[i] && !restarts[i]!.timer) slots[i] = spawn(i);
    const ready = Promise.all(slots.map((w) => w?.ready)).then(() => undefined);
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      timer.unref();
      void ready.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  return {
    render(request, reader) {
      if (closed) return Promise.reject(new Error('the render tier is closed'));
      // Not built: the page is index.html alone, and no worker is started for it.
      if (!fs.existsSync(renderFile)) return Promise.resolve(null);
      void start();
      let worker: Worker | null = null;
      for (const candidate of slots) if (candidate && !candidate.exited && (!worker || candidate.renders.size < worker.renders.size)) worker = candidate;
      if (!worker) return Promise.reject(new Error('no render worker is running'));
      const chosen = worker;
      const id = `${idPrefix}${(++lastRender).toString(36)}`;
      return new Promise<RenderedPage | null>((resolve, reject) => {
        const timer = setTimeout(() => {
          chosen.renders.delete(id);
          reject(new Error(`the render tier did not answer within ${deadlineMs} ms`));
          probe(chosen);
        }, deadlineMs);
        chosen.renders.set(id, { reader, resolve, reject, timer, fetches: 0 });
        send(chosen, {
          type: 'render',
          id,
          request: {
            url: request.url,
            origin: request.origin,
            session: request.session,
            shareable: request.shareable,
            ...(request.remotes ? { remotes: request.remotes } : {}),
          },
        });
      });
    },
    start,
    async close() {
      closed = true;
      for (const restart of restarts) if (restart.timer) clearTimeout(restart.timer);
      const running = slots.filter((w): w is Worker => w !== null && !w.exited);
      const stopped = Promise.all([...exits]);
      for (const worker of running) {
        // Let go of it (it exits on 'disconnect'); killed if it does not within a second.
        if (worker.child.connected) worker.child.disconnect();
        const kill = setTimeout(() => worker.child.kill('SIGKILL'), 1000);
        kill.unref();
        worker.child.once('exit', () => clearTimeout(kill));
      }
      await stopped;
    },
    pids: () => slots.filter((w): w is Worker => w !== null && !w.exited && w.child.pid !== undefined).map((w) => w.child.pid!),
  };
}
