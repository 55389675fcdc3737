/** The content tabs of My Library: the saved items, the histories and the followed topics (SITE-02). */
export const LIBRARY_TABS = ['saved', 'read', 'shared', 'watched', 'ordered', 'topics'] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];

/** The query parameter that holds the selected tab (`/my-library?tab=read`); Saved, the first, has none. */
export const TAB_QUERY = 'tab';

/** The tab an address names: a known tab, else Saved. */
export function libraryTabOf(value: string | null): LibraryTab {
  return (LIBRARY_TABS as readonly string[]).includes(value ?? '') ? (value as LibraryTab) : 'saved';
}
