/**
 * The one user store of the page: who the reader is, their tier and quota, and the cart count.
 * State that only one part needs stays in that part.
 *
 * User caching (PAY-04): the signed-in user is kept in localStorage under USER_CACHE_KEY
 * with the profile's Last-Modified. `start()` shows the cached user at once, then asks the server
 * with a HEAD of the profile and fetches the full profile only when its Last-Modified is missing or
 * differs from the cached one. Without a cached user there is nothing to compare, so the profile is
 * fetched straight away (one request, as cheap as the HEAD for a guest). A HEAD that is not ok
 * gives no Last-Modified (`profileModified()` cannot tell a 401 from an answer without the header),
 * so the profile GET settles it: its 401 means a guest, which clears the cache.
 *
 * "Guests with a mismatched guid trigger a page reload" (PAY-04). Read here as: when the page
 * was started for the cached user (guid A) and the server's session turns out to be a different
 * user (guid B, for example someone else signed in in another tab), everything the parts fetched
 * for A is stale, so the page reloads, once: the cache already holds B when it reloads, and a
 * sessionStorage marker of the A->B change stops a second reload if storage is not writable.
 * When the server says "guest" while the cache held a user (the session expired or ended at
 * /logout) the cache is cleared and the store becomes guest without a reload: every part reads the
 * store or listens to `user:changed`, so the page follows at once, and a reload racing the
 * reader's next navigation would only cost time.
 *
 * A failing network (the HEAD or GET throws) never throws out of `start()`/`refresh()`: a page
 * with no cached user becomes guest; a cached user stays shown (the server has not said
 * otherwise) and the cache is kept for the next page.
 *
 * The global site state (PAY-04: default, registered, subscribers) is mirrored on
 * `document.documentElement.dataset.siteState` whenever the user is known.
 */
import { useContext, useSyncExternalStore } from 'react';
import { createStore } from 'zustand/vanilla';
import { api, hasSessionHint, type ApiClient } from './client';
import { bus } from './bus';
import type { SiteState } from './constants';
import { UserSchema, type Quota, type User, type UserStatus } from './schemas';
import { RenderContextValue, type RenderContext } from './ssr';

/** localStorage key of the cached user: `{ user, lastModified }`. */
export const USER_CACHE_KEY = 'tmr:user';
/**
 * Cart caches cleared at logout (PAY-04: "clears the user, cart and shopping-cart caches"),
 * in localStorage and sessionStorage. A part that caches the cart in the browser uses these keys.
 */
export const CART_CACHE_KEYS = ['tmr:cart', 'tmr:shopping-cart'] as const;
/** sessionStorage marker of the last guid-mismatch reload (`{cachedGuid}->{serverGuid}`). */
export const USER_RELOAD_MARKER_KEY = 'tmr:user-reload';

export interface UserState {
  /** 'unknown' until the first answer (or the cached user) arrives. */
  status: UserStatus | 'unknown';
  user: User | null;
  quota: Quota | null;
  cartCount: number;
  /** Sets the user (null: guest), caches it and announces user:changed when it really changed. */
  setUser(user: User | null, lastModified?: string | null): void;
  setCartCount(count: number): void;
  /**
   * Ask the server who is signed in (HEAD first, the full profile only when it changed), update
   * the store and announce user:changed on a real change. Never rejects; resolves to the user.
   * Without the session hint cookie it returns guest without a request, unless `renderedForReader`
   * (the server rendered the page for a signed-in reader).
   */
  refresh(client?: ApiClient, renderedForReader?: boolean): Promise<User | null>;
  /**
   * Page start: show the cached user at once, then `refresh()`. `rendered` is who the server
   * rendered the page for (decision 032): shown at once instead of a cache that disagrees.
   */
  start(client?: ApiClient, rendered?: User | null): Promise<User | null>;
  /**
   * The browser's part of logout (PAY-04): forgets the cached user and the cart caches and
   * makes the store guest. The caller then navigates to /logout, which ends the session.
   */
  clearCaches(): void;
}

export interface UserStoreOptions {
  /** Where the user is cached; null when storage is unavailable. Default: window.localStorage. */
  storage?: () => Storage | null;
  /** Session storage for the reload marker. Default: window.sessionStorage. */
  sessionStorage?: () => Storage | null;
  /** Reloads the page (guid mismatch). Default: location.reload(). */
  reload?: () => void;
  /** Whether a session may exist (the server's readable hint cookie). Default: hasSessionHint(). */
  sessionHint?: () => boolean;
}

interface CachedUser {
  user: User;
  lastModified: string | null;
}

function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null; // storage disabled (privacy settings): the site works without the cache
  }
}

function safely(action: () => void): void {
  try {
    action();
  } catch {
    // quota exceeded or storage disabled: the cache is an optimisation only
  }
}

function readCache(storage: Storage | null): CachedUser | null {
  if (!storage) return null;
  try {
    const raw = storage.getItem(USER_CACHE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { user?: unknown; lastModified?: unknown };
    const user = UserSchema.safeParse(parsed.user);
    if (!user.success) return null; // an older shape of the cache: ask the server instead
    return { user: user.data, lastModified: typeof parsed.lastModified === 'string' ? parsed.lastModified : null };
  } catch {
    return null;
  }
}

function writeCache(storage: Storage | null, entry: CachedUser | null): void {
  if (!storage) return;
  safely(() => (entry ? storage.setItem(USER_CACHE_KEY, JSON.stringify(entry)) : storage.removeItem(USER_CACHE_KEY)));
}

/** Site state string of a user (PAY-04): the user's own state, 'default' for a guest. */
export function siteStateOf(user: User | null): SiteState {
  return user ? user.state : 'default';
}

function showSiteState(user: User | null): void {
  if (typeof document === 'undefined') return;
  document.documentElement.dataset.siteState = siteStateOf(user);
}

function sameUser(a: User | null, b: User | null): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

export function createUserStore(options: UserStoreOptions = {}) {
  const storage = options.storage ?? (() => browserStorage('localStorage'));
  const session = options.sessionStorage ?? (() => browserStorage('sessionStorage'));
  const reload = options.reload ?? (() => window.location.reload());
  const sessionHint = options.sessionHint ?? hasSessionHint;

  return createStore<UserState>()((set, get) => {
    /** Puts the user in the state; announces user:changed only on a real change. */
    function apply(user: User | null): void {
      const before = get();
      const changed = !sameUser(before.user, user);
      set({ user, status: user ? user.status : 'guest', quota: user ? user.quota : null });
      showSiteState(user);
      if (changed) bus.emit('user:changed', { user });
    }

    function becomeGuest(): null {
      writeCache(storage(), null);
      apply(null);
      return null;
    }

    /** The server's session is another user than the one the page was started for: reload once. */
    function reloadOnce(cachedGuid: string, serverGuid: string): void {
      const marker = `${cachedGuid}->${serverGuid}`;
      const s = session();
      if (s && s.getItem(USER_RELOAD_MARKER_KEY) === marker) return;
      if (s) safely(() => s.setItem(USER_RELOAD_MARKER_KEY, marker));
      reload();
    }

    return {
      status: 'unknown',
      user: null,
      quota: null,
      cartCount: 0,
      setUser(user, lastModified = null) {
        writeCache(storage(), user ? { user, lastModified } : null);
        apply(user);
      },
      setCartCount(count) {
        set({ cartCount: count });
      },
      async refresh(client = api, renderedForReader = false) {
        const cached = readCache(storage());
        // No session cookie at all: a guest, known without asking (no request, no 401 in the console).
        // Unless the server rendered the page for a reader: its session is the truth, not the hint
        // (a hint cleared alone, or a session sent without the page's cookies), so it is asked.
        if (!sessionHint() && !renderedForReader) return becomeGuest();
        try {
          // The HEAD is only worth it when there is a cached user to compare with.
          const modified = cached ? await client.profileModified() : null;
          if (cached && modified !== null && cached.lastModified === modified) {
            apply(cached.user);
            return cached.user;
          }
          const answer = await client.profile();
          if (!answer) return becomeGuest();
          const { user } = answer;
          writeCache(storage(), { user, lastModified: answer.lastModified ?? modified });
          const shown = get().user;
          if (shown && shown.guid !== user.guid) {
            apply(user);
            reloadOnce(shown.guid, user.guid);
            return user;
          }
          apply(user);
          return user;
        } catch {
          // Network down or a malformed answer: keep the page usable.
          if (get().status === 'unknown') apply(null);
          return get().user;
        }
      },
      async start(client = api, rendered) {
        const cached = readCache(storage());
        if (rendered !== undefined && !sameUser(cached?.user ?? null, rendered)) apply(rendered);
        else if (cached) apply(cached.user);
        return get().refresh(client, !!rendered);
      },
      clearCaches() {
        const local = storage();
        writeCache(local, null);
        for (const s of [local, session()]) {
          if (s) for (const key of CART_CACHE_KEYS) safely(() => s.removeItem(key));
        }
        set({ cartCount: 0 });
        apply(null);
      },
    };
  });
}

export const userStore = createUserStore();

const renderedStates = new WeakMap<object, UserState>();

/**
 * The state a page was rendered with (decision 032): the reader the server knew, the same object
 * for the whole render and its hydration; the store's initial state where the server did not say.
 */
function renderedState(context: RenderContext | null): UserState {
  const initial = userStore.getInitialState();
  const reader = context?.reader;
  if (!reader) return initial;
  let state = renderedStates.get(reader);
  if (!state) {
    const { user } = reader;
    state = { ...initial, user, status: user ? user.status : 'guest', quota: user ? user.quota : null };
    renderedStates.set(reader, state);
  }
  return state;
}

/**
 * React hook over the shared store: `useUserStore((s) => s.user)`. On the server and while the
 * browser hydrates it reads the reader the page was rendered for, so the signed-in reader's header
 * and pages are in the HTML and hydrate without a mismatch.
 */
export function useUserStore<T>(selector: (state: UserState) => T): T {
  const context = useContext(RenderContextValue);
  return useSyncExternalStore(
    userStore.subscribe,
    () => selector(userStore.getState()),
    () => selector(renderedState(context)),
  );
}
