/** False once the component has unmounted: answers that arrive later change nothing. */
import { useEffect, useRef } from 'react';

export function useMounted(): { readonly current: boolean } {
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}
