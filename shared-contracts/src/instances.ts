/**
 * Instance ids: a page-global registry that gives every distinct object (a copy of React, a copy of
 * the user store) a stable small id. It lives on globalThis, not in this module, so that a duplicated
 * copy of shared-contracts would still report through the same registry and be caught.
 */
type Registry = { ids: WeakMap<object, string>; next: number; seen: Record<string, string[]> };

const KEY = '__MFE_INSTANCES__';

function registry(): Registry {
  const g = globalThis as unknown as Record<string, Registry | undefined>;
  let r = g[KEY];
  if (!r) {
    r = { ids: new WeakMap(), next: 1, seen: {} };
    g[KEY] = r;
  }
  return r;
}

/** The id of this object in the page-global registry; `kind` groups ids (react, store, bus). */
export function instanceIdOf(kind: string, obj: object): string {
  const r = registry();
  let id = r.ids.get(obj);
  if (!id) {
    id = `${kind}-${r.next++}`;
    r.ids.set(obj, id);
    const list = (r.seen[kind] ??= []);
    list.push(id);
  }
  return id;
}

/**
 * DOM markers for a part's root element: which copy of React and of the user store that part runs.
 * A part passes its own `React.createElement` (the same function for the same copy of React), so a
 * remote that bundled a second React shows a different id. The store id is read from the copy of
 * shared-contracts that the part imported, so a second copy of shared-contracts shows too.
 */
export function instanceMarkers(reactCreateElement: object, store: object): Record<string, string> {
  return {
    'data-react-instance': instanceIdOf('react', reactCreateElement),
    'data-store-instance': instanceIdOf('store', store),
  };
}
