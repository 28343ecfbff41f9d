import { useEffect, useState } from 'react';

let hydrated = false;

/**
 * False during the server render and the hydration pass, true afterwards (and at once for components that
 * mount later). Lets a widget render a plain-HTML fallback that works before JavaScript has loaded.
 *
 * Not a transition (unlike the visitor pages' own updates after hydration, issue 26): all transitions started in
 * one effect flush share a lane, and where a fallback swap re-renders a block whose code is still loading (the
 * builder's lazily loaded blocks), the transition waits for that code, and every other swap with it (the language
 * switch stayed a link until the block's code came).
 */
export function useHydrated(): boolean {
  const [isHydrated, setHydrated] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setHydrated(true);
  }, []);
  return isHydrated;
}
