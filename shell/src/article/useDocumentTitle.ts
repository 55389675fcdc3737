import { useEffect } from 'react';

/** Sets document.title while the component is shown; the previous title comes back on leave. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
