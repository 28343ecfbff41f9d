import { useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import ConversationLive from './conversation-live';
import { subscribeConversations } from './live';

/**
 * The console's live part of /chats (issue 28), loaded after hydration: the page's data is loaded again when a
 * conversation of the organisation changes or a message arrives in the open one (the page works without it, by
 * reloading). The unread count goes into the tab title; a sound or a browser notification only when the operator
 * chose it (and the browser allowed notifications).
 */
export default function ConsoleLive({
  organizationId,
  openConversationId,
  lastSeq,
  unread,
  notifySound,
  notifyBrowser,
}: {
  organizationId: string;
  openConversationId: string | null;
  lastSeq: number | null;
  unread: number;
  notifySound: boolean;
  notifyBrowser: boolean;
}) {
  const { t } = useTranslation('chats');
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = useRef(() => {
    // a burst of changes loads the data once
    if (pending.current) return;
    pending.current = setTimeout(() => {
      pending.current = null;
      revalidate.current();
    }, 150);
  });

  useEffect(() => subscribeConversations(organizationId, () => refresh.current()), [organizationId]);

  // the tab title carries the unread count
  useEffect(() => {
    const base = t('console.title');
    document.title = unread ? `(${unread}) ${base}` : base;
  }, [unread, t]);

  const previous = useRef(unread);
  useEffect(() => {
    const more = unread > previous.current;
    previous.current = unread;
    if (!more) return;
    if (notifySound) beep();
    if (notifyBrowser && typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.hidden) {
      new Notification(t('console.notificationTitle'), { body: t('console.notificationBody', { count: unread }), tag: 'fp-chat' });
    }
  }, [unread, notifySound, notifyBrowser, t]);

  return openConversationId ? <ConversationLive key={openConversationId} conversationId={openConversationId} lastSeq={lastSeq} /> : null;
}

/** A short tone (no sound file to download). */
function beep() {
  try {
    const audio = new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.1, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.3);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.3);
    oscillator.onended = () => void audio.close();
  } catch {
    // no audio (autoplay rules): the title still says it
  }
}
