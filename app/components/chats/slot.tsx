import { useLocation, useMatches } from '@remix-run/react';
import { lazy, Suspense, useEffect, useState } from 'react';

/** The chat widget's code: its own chunk, fetched only on pages that flag it, after they are loaded. */
const ChatWidget = lazy(() => import('./widget'));

/** Spec 001 point 9: the widget is embedded this long after the page is interactive and loaded. */
export const CHAT_EMBED_DELAY_MS = 200;

/** Whether the page shows the chat widget: the deepest route that says so (`handle.chat`) decides. */
export function useChatFlag(): boolean {
  const flag = [...useMatches()].reverse().map((match) => (match.handle as { chat?: boolean } | undefined)?.chat).find((value) => value !== undefined);
  return flag === true;
}

/**
 * Where the chat widget goes on every page (the root renders it): nothing unless the route flags it; then, once the
 * page has loaded (the `load` event) and 200 ms more, the widget's chunk is imported and shown.
 */
export function ChatSlot() {
  const flagged = useChatFlag();
  const { pathname } = useLocation();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!flagged || ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const embed = () => {
      timer = setTimeout(() => setReady(true), CHAT_EMBED_DELAY_MS);
    };
    if (document.readyState === 'complete') embed();
    else window.addEventListener('load', embed, { once: true });
    return () => {
      window.removeEventListener('load', embed);
      if (timer) clearTimeout(timer);
    };
  }, [flagged, ready]);
  if (!flagged || !ready) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget pathname={pathname} />
    </Suspense>
  );
}
