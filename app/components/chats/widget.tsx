import { MessageCircle, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '~/components/ui/button-styles';
import { subscribeMessages, onLiveState, type LiveMessage, type LiveState } from './live';
import { MessageList, type ChatMessageItem } from './message-list';

/**
 * The visitor's chat widget (issue 28; spec 000 point 2, 001 point 9): a 100×100 button that opens to 400×580 (the
 * whole screen on phones). It shows the chat with the page's organisation, the external chat address when there is
 * one, or, with nobody online, "leave a message" with a link to book an appointment. Messages are posted to
 * /chat-widget and shown as sent only once the server answered that it stored them; the conversation's messages
 * arrive live over GraphQL (graphql-ws), resuming after the last seq held when the connection comes back.
 * Plain elements only (no react-aria on visitor pages).
 */

interface WidgetInfo {
  available: boolean;
  path?: string;
  organizationId?: string;
  organizationName?: string;
  widget?: { enabled: boolean; externalUrl: string | null; anyOperatorOnline: boolean; allowGuests: boolean; offlineMessageEnabled: boolean };
  bookingPath?: string | null;
  loginPath?: string;
  viewer?: { name: string; email: string } | null;
}

interface Stored {
  conversationId: string;
  guestToken: string | null;
}

type Answer = { ok: true; conversationId: string | null; guestToken: string | null; message: LiveMessage | null } | { ok: false; message: string; field: string | null };

const storageKey = (organizationId: string) => `fp-chat:${organizationId}`;

function readStored(organizationId: string): Stored | null {
  try {
    const value = JSON.parse(window.localStorage.getItem(storageKey(organizationId)) ?? 'null') as Stored | null;
    return value && typeof value.conversationId === 'string' ? value : null;
  } catch {
    return null;
  }
}

function writeStored(organizationId: string, value: Stored) {
  try {
    window.localStorage.setItem(storageKey(organizationId), JSON.stringify(value));
  } catch {
    // private mode: the conversation lasts as long as the page
  }
}

async function post(fields: Record<string, string>): Promise<Answer> {
  const body = new URLSearchParams(fields);
  try {
    const response = await fetch('/chat-widget', { method: 'POST', body, credentials: 'same-origin', headers: { accept: 'application/json' } });
    const answer = (await response.json()) as Answer;
    return answer;
  } catch {
    return { ok: false, message: '', field: null };
  }
}

/** Adds messages by seq, each once, in order; a stored message replaces the pending one it answers. */
function merge(list: ChatMessageItem[], incoming: LiveMessage, replaces?: string): ChatMessageItem[] {
  const rest = list.filter((m) => m.id !== replaces && m.id !== incoming.id);
  const stored = rest.filter((m) => !m.pending && !m.failed);
  const waiting = rest.filter((m) => m.pending || m.failed);
  const next = [...stored, { id: incoming.id, seq: incoming.seq, sender: incoming.sender, body: incoming.body, created: incoming.created }].sort((a, b) => a.seq - b.seq);
  return [...next, ...waiting];
}

export default function ChatWidget({ pathname }: { pathname: string }) {
  const { t, ready } = useTranslation('chats');
  const [open, setOpen] = useState(false);
  const [info, setInfo] = useState<WidgetInfo | null>(null);
  const [stored, setStored] = useState<Stored | null>(null);
  const [messages, setMessages] = useState<ChatMessageItem[]>([]);
  const [live, setLive] = useState<LiveState>('connecting');
  const launcher = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const lastSeq = useRef<number | null>(null);
  lastSeq.current = messages.filter((m) => !m.pending && !m.failed).at(-1)?.seq ?? null;

  // what the widget shows on this page (loaded when first opened, again on another page)
  useEffect(() => {
    if (!open) return;
    let current = true;
    void fetch(`/chat-widget?path=${encodeURIComponent(pathname)}`, { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then((response) => response.json() as Promise<WidgetInfo>)
      .then((value) => {
        if (!current) return;
        setInfo(value);
        setStored(value.organizationId ? readStored(value.organizationId) : null);
      })
      .catch(() => current && setInfo({ available: false }));
    return () => {
      current = false;
    };
  }, [open, pathname]);

  // the conversation's messages, live: from the start (seq 0), and after a reconnect from the last one held
  const conversationId = stored?.conversationId ?? null;
  const guestToken = stored?.guestToken ?? null;
  const messagesOf = useRef<string | null>(null);
  useEffect(() => {
    if (!conversationId) return;
    // another conversation (another organisation's page): its own messages; a conversation just started keeps its first
    if (messagesOf.current && messagesOf.current !== conversationId) setMessages([]);
    messagesOf.current = conversationId;
    let first = true;
    const after = () => {
      if (!first) return lastSeq.current ?? 0;
      first = false;
      return 0;
    };
    const stop = subscribeMessages({ conversationId, guestToken, lastSeq: after }, (message) => setMessages((list) => merge(list, message)));
    const off = onLiveState(setLive);
    return () => {
      stop();
      off();
    };
  }, [conversationId, guestToken]);

  const close = useCallback(() => {
    setOpen(false);
    launcher.current?.focus();
  }, []);

  // Escape inside the panel closes it
  useEffect(() => {
    const element = panel.current;
    if (!open || !element) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [open, close]);

  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('textarea, input, a, button:not([data-close])')?.focus();
  }, [open, info]);

  if (!ready) return null;

  const send = async (body: string, guest?: { name: string; email: string }) => {
    if (!info?.organizationId) return { ok: false as const, message: '' };
    const tempId = `pending-${Date.now()}`;
    setMessages((list) => [...list, { id: tempId, seq: Number.MAX_SAFE_INTEGER, sender: 'VISITOR', body, created: new Date().toISOString(), pending: true }]);
    const answer = stored
      ? await post({ intent: 'send', conversationId: stored.conversationId, body, ...(stored.guestToken ? { guestToken: stored.guestToken } : {}) })
      : await post({ intent: 'start', path: info.path ?? pathname, body, ...(guest ? { guestName: guest.name, guestEmail: guest.email } : {}) });
    if (answer.ok && answer.message) {
      const message = answer.message;
      setMessages((list) => merge(list, message, tempId));
      if (!stored && answer.conversationId) {
        const value = { conversationId: answer.conversationId, guestToken: answer.guestToken };
        writeStored(info.organizationId, value);
        setStored(value);
      }
      return { ok: true as const, message: '' };
    }
    const text = (!answer.ok && answer.message) || t('widget.failed');
    setMessages((list) => list.map((m) => (m.id === tempId ? { ...m, pending: false, failed: text } : m)));
    return { ok: false as const, message: text };
  };

  return (
    <div className="fixed bottom-4 right-4 z-40" data-testid="chat-widget">
      {open ? null : (
        <button
          ref={launcher}
          type="button"
          onClick={() => setOpen(true)}
          aria-expanded={false}
          aria-controls="chat-panel"
          className="flex h-[100px] w-[100px] flex-col items-center justify-center gap-1 rounded-full bg-brand-dark text-sm font-medium text-white shadow-lg outline-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-pink"
          data-testid="chat-launcher"
        >
          <MessageCircle aria-hidden="true" className="h-8 w-8" />
          {t('widget.open')}
        </button>
      )}
      {open ? (
        <div
          ref={panel}
          id="chat-panel"
          role="dialog"
          aria-modal="false"
          aria-labelledby="chat-panel-title"
          className="fixed inset-0 flex flex-col bg-white shadow-2xl sm:inset-auto sm:bottom-4 sm:right-4 sm:h-[580px] sm:w-[400px] sm:rounded-lg"
          data-testid="chat-panel"
        >
          <header className="flex items-center justify-between gap-2 bg-brand-dark px-4 py-3 text-white sm:rounded-t-lg">
            <h2 id="chat-panel-title" className="font-semibold">
              {info?.organizationName ? t('widget.titleWith', { name: info.organizationName }) : t('widget.title')}
            </h2>
            <button type="button" data-close onClick={close} aria-label={t('widget.close')} className="rounded p-1 outline-none hover:bg-white/10 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-pink">
              <X aria-hidden="true" className="h-5 w-5" />
            </button>
          </header>
          <div className="flex min-h-0 flex-1 flex-col">
            <WidgetBody info={info} stored={stored} messages={messages} live={live} send={send} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

function WidgetBody({
  info,
  stored,
  messages,
  live,
  send,
}: {
  info: WidgetInfo | null;
  stored: Stored | null;
  messages: ChatMessageItem[];
  live: LiveState;
  send: (body: string, guest?: { name: string; email: string }) => Promise<{ ok: boolean; message: string }>;
}) {
  const { t, i18n } = useTranslation('chats');
  if (!info) return <p className="p-4 text-sm" role="status">{t('widget.loading')}</p>;
  const widget = info.widget;
  if (!info.available || !widget) return <p className="p-4 text-sm">{t('widget.unavailable')}</p>;
  if (widget.externalUrl) {
    return (
      <div className="space-y-3 p-4 text-sm">
        <p>{t('widget.external')}</p>
        <a href={widget.externalUrl} target="_blank" rel="noopener noreferrer" className={buttonClassName('standardNoMt')}>
          {t('widget.openExternal')}
        </a>
      </div>
    );
  }
  if (!widget.enabled) return <p className="p-4 text-sm">{t('widget.unavailable')}</p>;
  if (!stored && !widget.anyOperatorOnline && widget.offlineMessageEnabled) return <OfflineForm info={info} />;
  if (!info.viewer && !widget.allowGuests) {
    return (
      <div className="space-y-3 p-4 text-sm">
        <p>{t('widget.loginFirst')}</p>
        <a href={info.loginPath} className={buttonClassName('standardNoMt')}>
          {t('widget.login')}
        </a>
      </div>
    );
  }
  return (
    <>
      {widget.anyOperatorOnline ? null : <p className="border-b px-4 py-2 text-xs text-gray-700">{t('widget.nobodyOnline')}</p>}
      {stored && live !== 'connected' ? (
        <p role="status" className="border-b bg-brand-grey px-4 py-1 text-xs" data-testid="chat-connection">
          {t('widget.reconnecting')}
        </p>
      ) : null}
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {messages.length ? <MessageList messages={messages} own="VISITOR" language={i18n.language} /> : <p className="text-sm text-gray-700">{t('widget.intro')}</p>}
      </div>
      <Composer guest={!info.viewer && !stored} send={send} />
    </>
  );
}

function Composer({ guest, send }: { guest: boolean; send: (body: string, guest?: { name: string; email: string }) => Promise<{ ok: boolean; message: string }> }) {
  const { t } = useTranslation('chats');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = String(data.get('body') ?? '');
    if (!body.trim()) {
      setError(t('widget.empty'));
      return;
    }
    setBusy(true);
    setError('');
    const textarea = form.elements.namedItem('body') as HTMLTextAreaElement;
    textarea.value = '';
    const result = await send(body, guest ? { name: String(data.get('guestName') ?? ''), email: String(data.get('guestEmail') ?? '') } : undefined);
    setBusy(false);
    if (!result.ok) {
      textarea.value = body;
      setError(result.message);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-2 border-t p-3" aria-busy={busy}>
      {guest ? (
        <div className="grid grid-cols-2 gap-2">
          <label className="flex flex-col text-xs font-medium">
            {t('widget.name')}
            <input name="guestName" required maxLength={200} autoComplete="name" className="rounded border border-gray-300 px-2 py-1 text-sm" />
          </label>
          <label className="flex flex-col text-xs font-medium">
            {t('widget.email')}
            <input name="guestEmail" type="email" required maxLength={254} autoComplete="email" className="rounded border border-gray-300 px-2 py-1 text-sm" />
          </label>
        </div>
      ) : null}
      <label className="flex flex-col text-xs font-medium">
        {t('widget.message')}
        <textarea
          name="body"
          rows={2}
          maxLength={4000}
          className="rounded border border-gray-300 px-2 py-1 text-sm"
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
      </label>
      {error ? (
        <p role="alert" className="text-xs text-brand-red">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={busy} className={buttonClassName('standardNoMt')}>
        {t('widget.send')}
      </button>
    </form>
  );
}

function OfflineForm({ info }: { info: WidgetInfo }) {
  const { t } = useTranslation('chats');
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [error, setError] = useState('');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setState('sending');
    const answer = await post({ intent: 'offline', path: info.path ?? '', name: String(data.get('name') ?? ''), email: String(data.get('email') ?? ''), body: String(data.get('body') ?? '') });
    if (answer.ok) setState('sent');
    else {
      setState('idle');
      setError(answer.message || t('widget.failed'));
    }
  };
  const booking = info.bookingPath ? (
    <a href={info.bookingPath} className="underline">
      {t('widget.book')}
    </a>
  ) : null;
  if (state === 'sent') {
    return (
      <div className="space-y-3 p-4 text-sm">
        <p role="status">{t('widget.offlineSent')}</p>
        {booking}
      </div>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-3 overflow-y-auto p-4 text-sm">
      <p>{t('widget.offlineIntro')}</p>
      <label className="flex flex-col font-medium">
        {t('widget.name')}
        <input name="name" required maxLength={200} defaultValue={info.viewer?.name ?? ''} autoComplete="name" className="rounded border border-gray-300 px-2 py-1" />
      </label>
      <label className="flex flex-col font-medium">
        {t('widget.email')}
        <input name="email" type="email" required maxLength={254} defaultValue={info.viewer?.email ?? ''} autoComplete="email" className="rounded border border-gray-300 px-2 py-1" />
      </label>
      <label className="flex flex-col font-medium">
        {t('widget.message')}
        <textarea name="body" required rows={4} maxLength={4000} className="rounded border border-gray-300 px-2 py-1" />
      </label>
      {error ? (
        <p role="alert" className="text-brand-red">
          {error}
        </p>
      ) : null}
      <button type="submit" disabled={state === 'sending'} className={buttonClassName('standardNoMt')}>
        {t('widget.leaveMessage')}
      </button>
      {booking ? <p>{booking}</p> : null}
    </form>
  );
}
