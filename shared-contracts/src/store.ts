/**
 * The one user store of the page: who the reader is, their tier and quota, and the cart count.
 * State that only one part needs stays in that part.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { api, type ApiClient } from './client';
import { bus } from './bus';
import type { Quota, User, UserStatus } from './schemas';

export interface UserState {
  /** 'unknown' until the first profile answer arrives. */
  status: UserStatus | 'unknown';
  user: User | null;
  quota: Quota | null;
  cartCount: number;
  setUser(user: User | null): void;
  setCartCount(count: number): void;
  /** Ask the server who is signed in, update the store and announce user:changed. */
  refresh(client?: ApiClient): Promise<User | null>;
}

export function createUserStore() {
  return createStore<UserState>()((set) => ({
    status: 'unknown',
    user: null,
    quota: null,
    cartCount: 0,
    setUser(user) {
      set({ user, status: user ? user.status : 'guest', quota: user ? user.quota : null });
      bus.emit('user:changed', { user });
    },
    setCartCount(count) {
      set({ cartCount: count });
    },
    async refresh(client = api) {
      const user = await client.currentUser();
      set({ user, status: user ? user.status : 'guest', quota: user ? user.quota : null });
      bus.emit('user:changed', { user });
      return user;
    },
  }));
}

export const userStore = createUserStore();

/** React hook over the shared store: `useUserStore((s) => s.user)`. */
export function useUserStore<T>(selector: (state: UserState) => T): T {
  return useStore(userStore, selector);
}
