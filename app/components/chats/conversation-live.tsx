import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { subscribeMessages } from './live';

/**
 * A page showing a conversation loads its data again when a message newer than its last arrives (issue 28): the
 * live part of the pages that work without JavaScript by reloading. Loaded after hydration only.
 */
export default function ConversationLive({ conversationId, lastSeq }: { conversationId: string; lastSeq: number | null }) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const seq = useRef(lastSeq);
  seq.current = lastSeq;
  useEffect(
    () =>
      subscribeMessages({ conversationId, lastSeq: () => seq.current }, (message) => {
        if (seq.current === null || message.seq > seq.current) revalidate.current();
      }),
    [conversationId],
  );
  return null;
}
