import { useTranslation } from 'react-i18next';
import { messageParts } from './linkify';

export interface ChatMessageItem {
  id: string;
  seq: number;
  sender: 'VISITOR' | 'OPERATOR' | 'SYSTEM';
  body: string;
  created: string;
  /** the visitor's side: written here, not yet stored by the server */
  pending?: boolean;
  failed?: string | null;
}

/** A message's text with its addresses as links (plain text, never HTML). */
export function MessageText({ body }: { body: string }) {
  return (
    <>
      {messageParts(body).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow ugc" className="break-all underline">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * The messages of a conversation, oldest first. `own` is the side of the reader (their messages right). The list is
 * a polite live region: a message arriving is announced without interrupting (issue 28).
 */
export function MessageList({ messages, own, language, className = '' }: { messages: ChatMessageItem[]; own: 'VISITOR' | 'OPERATOR'; language: string; className?: string }) {
  const { t } = useTranslation('chats');
  const time = new Intl.DateTimeFormat(language === 'DE' || language === 'de' ? 'de-DE' : 'en-GB', { hour: '2-digit', minute: '2-digit' });
  if (!messages.length) return <p className={`text-sm text-gray-700 ${className}`}>{t('messages.none')}</p>;
  return (
    <ol className={`space-y-2 ${className}`} aria-live="polite" aria-relevant="additions" aria-label={t('messages.label')} data-testid="chat-messages">
      {messages.map((message) => {
        const mine = message.sender === own;
        const who = message.sender === 'SYSTEM' ? t('messages.system') : mine ? t('messages.you') : own === 'VISITOR' ? t('messages.operator') : t('messages.visitor');
        return (
          <li
            key={message.id}
            data-seq={message.seq}
            data-state={message.pending ? 'pending' : message.failed ? 'failed' : 'stored'}
            className={`flex flex-col ${mine ? 'items-end' : 'items-start'}`}
          >
            <div className={`max-w-[85%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm ${mine ? 'bg-brand-dark text-white' : 'bg-gray-100 text-gray-900'}`}>
              <span className="sr-only">{who}: </span>
              <MessageText body={message.body} />
            </div>
            <span className="mt-0.5 text-xs text-gray-600">
              {message.pending ? t('messages.sending') : message.failed ? <span className="text-brand-red">{message.failed}</span> : time.format(new Date(message.created))}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
