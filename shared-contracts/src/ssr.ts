/**
 * Server rendering's side of the shared hooks (decision 032). While the server renders a page, a
 * `RenderContext` is provided above the app: `useLoad` (and `usePreloaded`) start their loads on the
 * server, suspend until they settle and record the answers; the server sends the answers with the
 * HTML as JSON (never a script that runs), and the browser hydrates with them, so its first render
 * is the server's, with no request and no mismatch. Without a context (tests, a page the server did
 * not render) nothing changes: loads start in effects as they always did.
 *
 * Answers are keyed by the `useLoad` key, which names what is loaded on the whole page (two
 * components that use one key load the same thing). They serve hydration, and once more a component
 * that appears after it with the same key; any other loads in its effect as always.
 */
import { createContext, use, useContext, useState, useSyncExternalStore, type ComponentType } from 'react';
import { ApiError } from './client';
import type { Article, User } from './schemas';

/**
 * One settled load, as the server sends it. An error keeps the HTTP status and body the API answered
 * (status 0: no answer, such as a timeout).
 */
export type Preloaded = { ok: true; data: unknown } | { ok: false; status: number; body: unknown };

/**
 * What a page tells the server about its document: the HTTP status, and the article it shows (the
 * server writes its title, description and structured data into the head).
 */
export interface PageMeta {
  status?: number;
  article?: Article;
  /** The sheets of the parts the page rendered (the shell's src/styles/sheets, by name): the host inlines them. */
  sheets?: string[];
}

/**
 * Provided above the app by the server's renderer (with `load`, `page` and `remoteModule`) and, for
 * hydration, by the browser (with the server's answers). Server-only code stays in the renderer.
 */
export interface RenderContext {
  /** In the browser: the server's settled answers by key. */
  loads: Map<string, Preloaded>;
  /** On the server: the load of `key`, started once per render, settled (never rejects). */
  load?: (key: string, load: () => Promise<unknown>) => Promise<Preloaded>;
  /** On the server: filled by pages while it renders. */
  page?: PageMeta;
  /**
   * How the server rendered each remote slot ('remote/Module'): with the remote's content, with the
   * slot's fallback (the remote's server build failed), or left to the browser (none offered).
   */
  slots: Record<string, SlotRendering>;
  /**
   * Who the server rendered the page for: the signed-in reader, or null for a guest (the user store
   * reads it on the server and while hydrating). Absent: the server did not say; the store's
   * initial state ('unknown') is rendered.
   */
  reader?: { user: User | null };
  /** The site's public origin (share links name it); the browser's own where absent. */
  origin?: string;
  /** On the server: a remote module's server build (the shell's renderer provides it). */
  remoteModule?: (remote: string, module: string) => Promise<ServerRemoteModule>;
}

export type SlotRendering = 'ready' | 'failed' | 'client';

/** What the server's renderer found for a remote module. */
export type ServerRemoteModule = { rendering: 'ready'; component: ComponentType<never> } | { rendering: 'failed' | 'client' };

const subscribeNothing = () => () => undefined;
/**
 * True while React renders on the server or hydrates the server's HTML (the server snapshot is read
 * then), false in every later render in the browser.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => false,
    () => true,
  );
}

export const RenderContextValue = createContext<RenderContext | null>(null);

/** The error a component sees for a recorded failure: the same ApiError, so `isNotFound` holds on both sides. */
export function preloadedError(entry: Preloaded & { ok: false }): Error {
  return new ApiError(entry.status, entry.body as never);
}

/**
 * The recorded answer for `key`: on the server the load is started (once per key) and the render
 * suspends until it settles; in the browser the server's answer is returned while hydrating. Undefined when there is none (no context, or a key the server did not load).
 */
export function usePreloaded(key: string, load: () => Promise<unknown>): Preloaded | undefined {
  const context = useContext(RenderContextValue);
  const hydrating = useHydrating();
  // Read when first rendered: the answer a component starts with is the one it keeps. While
  // hydrating, every component with the key reads it; later, the first one to appear takes it (a
  // part drawn again after hydration), and any other asks the server itself.
  const [hydrated] = useState(() => {
    const entry = context?.loads.get(key);
    if (!hydrating) context?.loads.delete(key);
    return entry;
  });
  // On the server, always `use`, settled or not: React matches a component's `use` calls by their order.
  return context?.load ? use(context.load(key, load)) : hydrated;
}

/** The site's origin for absolute links: the server's public origin on a rendered page, else the page's. */
export function useSiteOrigin(): string {
  return useContext(RenderContextValue)?.origin ?? location.origin;
}

/** A page's status and article, for the server's document (nothing in the browser). */
export function usePageMeta(meta: PageMeta): void {
  const page = useContext(RenderContextValue)?.page;
  if (page) Object.assign(page, meta);
}
