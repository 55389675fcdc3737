import { useUserStore } from 'shared-contracts';

/** Who reads the page, from the shared user store. */
export type Reader = { kind: 'unknown' } | { kind: 'guest' } | { kind: 'member'; id: string; email: string; subscriber: boolean };

/**
 * The reader from the shared store; selectors return primitives so that a new user object with the
 * same id does not re-render.
 */
export function useReader(): Reader {
  const status = useUserStore((s) => s.status);
  const id = useUserStore((s) => s.user?.id ?? null);
  const email = useUserStore((s) => s.user?.emailAddress ?? '');
  if (status === 'unknown') return { kind: 'unknown' };
  if (status === 'guest' || id === null) return { kind: 'guest' };
  return { kind: 'member', id, email, subscriber: status === 'subscriber' };
}
