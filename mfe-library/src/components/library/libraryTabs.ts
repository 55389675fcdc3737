/** The content tabs of My Library: the saved items, the histories and the followed topics (SITE-02). */
export const LIBRARY_TABS = ['saved', 'read', 'shared', 'watched', 'ordered', 'topics'] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];
