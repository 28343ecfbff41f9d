import { startTransition, useEffect, useState } from 'react';

let hydrated = false;

/**
 * False during the server render and the hydration pass, true afterwards (and at once for components that
 * mount later). Lets a widget render a plain-HTML fallback that works before JavaScript has loaded.
 *
 * The change after hydration is a transition: an update from an effect is otherwise rendered in one task that React
 * does not split (the default lane), and every component that swaps its fallback re-renders in it at once, the
 * shell's header and navigation among them (issue 26: blocking time on a slow phone).
 */
export function useHydrated(): boolean {
  const [isHydrated, setHydrated] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    startTransition(() => setHydrated(true));
  }, []);
  return isHydrated;
}
