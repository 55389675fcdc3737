/**
 * The typed event bus: every cross-part request is an event named `domain:verb`. The map below is
 * the one place payloads are defined, so a payload change breaks the build, not the page.
 */
import type { PaywallMessage, User } from './schemas';

export type AuthScreen = 'signin' | 'registration' | 'forgot-password';

export interface EventMap {
  /**
   * Ask the shell to open the auth modal on a screen. `reason` says why (the modal shows a line for
   * it); `intent` is what the asker does once the reader has signed in or registered through this
   * request (follow the topic, open the save flyout): the modal calls it with the new user, in
   * place of the page reload, and drops it when closed without signing in (contracts.md).
   */
  'auth:open': { screen: AuthScreen; reason?: string; intent?: (user: User) => void };
  /** The signed-in user changed (sign-in, sign-out, refresh). */
  'user:changed': { user: User | null };
  /** The cart changed; count is the number of items. */
  'cart:updated': { count: number };
  /** An item was saved into My Library folders. */
  'library:saved': { id: string; listIds: string[] };
  /** The member followed or unfollowed a topic; carries the new following state (discovery.ts). */
  'following:changed': { slugs: string[]; unreadCount: number };
  /** The paywall decided the state of the current page. */
  'paywall:state': {
    state: 'full-content' | 'registration-wall' | 'subscription-wall' | 'subscriber-panel';
    /** The paywall message behind the state (schemas.ts PaywallMessage), when there is one. */
    message?: PaywallMessage;
  };
}

export type EventName = keyof EventMap;
export type Handler<K extends EventName> = (payload: EventMap[K]) => void;

export interface EventBus {
  on<K extends EventName>(type: K, handler: Handler<K>): () => void;
  emit<K extends EventName>(type: K, payload: EventMap[K]): void;
}

export function createBus(): EventBus {
  const handlers = new Map<EventName, Set<(payload: never) => void>>();
  return {
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) {
        set = new Set();
        handlers.set(type, set);
      }
      const h = handler as (payload: never) => void;
      set.add(h);
      return () => {
        set.delete(h);
      };
    },
    emit(type, payload) {
      const set = handlers.get(type);
      if (!set) return;
      for (const h of [...set]) {
        try {
          (h as (p: typeof payload) => void)(payload);
        } catch (error) {
          // One broken listener (say, in a remote) must not stop the others.
          console.error(`[bus] listener of ${type} failed`, error);
        }
      }
    },
  };
}

/** The one bus of the page (shared-contracts is a federation singleton). */
export const bus: EventBus = createBus();
