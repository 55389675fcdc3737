/**
 * Page instrumentation shared by e2e and the bench. `countReactDomRenderers` is an init script that
 * stands in for the React DevTools hook: every copy of React DOM on the page registers itself with
 * `inject`, so the number of renderers is the number of React DOM copies.
 */
export function countReactDomRenderers(): void {
  const renderers = new Map<number, unknown>();
  (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers,
    supportsFiber: true,
    isDisabled: false,
    inject(renderer: unknown) {
      renderers.set(renderers.size + 1, renderer);
      return renderers.size;
    },
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    checkDCE() {},
  };
}

/** Read in the page: how many React DOM copies registered, and how many React copies the parts reported. */
export function readCopies(): { reactDom: number; react: number } {
  const w = window as unknown as Record<string, unknown>;
  const hook = w.__REACT_DEVTOOLS_GLOBAL_HOOK__ as { renderers?: Map<number, unknown> } | undefined;
  const registry = w.__MFE_INSTANCES__ as { seen?: Record<string, string[]> } | undefined;
  return { reactDom: hook?.renderers?.size ?? 0, react: registry?.seen?.react?.length ?? 0 };
}
