import { useEffect, useState } from 'react';

let hydrated = false;

/**
 * False during the server render and the hydration pass, true afterwards (and at once for components that
 * mount later). Lets a widget render a plain-HTML fallback that works before JavaScript has loaded.
 */
export function useHydrated(): boolean {
  const [isHydrated, setHydrated] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setHydrated(true);
  }, []);
  return isHydrated;
}
