import type { Language } from '#db/models/index';
import { formatPrice } from '~/lib/schemas/shop';
import { getT } from '../../i18n.server';
import type { MailPayload } from '../../mail/outbox.server';
import { escapeHtml, mailButton, mailDocument } from '../../mail/templates.server';

/**
 * The shop's mails (issue 31), each in its recipient's language: a new order request to the selling organisation
 * with a copy to the visitor, and the seller's answer to the visitor. Texts: locales/{de,en}/shop.json `mail`.
 */

interface MailLine {
  name: string;
  variantLabel: string;
  quantity: number;
  priceCents: number | null;
  currency: string;
}

function lineText(t: ReturnType<typeof getT>, language: Language, l: MailLine): string {
  const price = l.priceCents === null ? (t('shop:product.onRequest') as string) : formatPrice(l.priceCents, l.currency, language);
  return `${l.quantity} × ${l.name}${l.variantLabel ? ` (${l.variantLabel})` : ''}: ${price}`;
}

export function orderRequestMail(input: {
  to: string;
  language: Language;
  kind: 'seller' | 'buyer';
  number: string;
  convention: string;
  seller: string;
  buyer: { name: string; email: string };
  message: string;
  lines: MailLine[];
  link: string;
}): MailPayload {
  const t = getT(input.language);
  const values = { number: input.number, convention: input.convention, seller: input.seller, buyer: input.buyer.name || input.buyer.email, email: input.buyer.email };
  const subject = t(`shop:mail.${input.kind}.subject`, values) as string;
  const greeting = input.kind === 'buyer' && input.buyer.name ? (t('mail:greeting', { name: input.buyer.name }) as string) : (t('mail:greetingAnonymous') as string);
  const intro = t(`shop:mail.${input.kind}.intro`, values) as string;
  const lines = input.lines.map((l) => lineText(t, input.language, l));
  const message = input.message ? (t('shop:mail.message', { message: input.message }) as string) : '';
  const action = t(`shop:mail.${input.kind}.action`) as string;
  const text = [greeting, '', intro, '', ...lines, '', message, `${action}: ${input.link}`, '', t('mail:signature') as string].join('\n');
  const e = escapeHtml;
  const html = mailDocument(
    input.language,
    subject,
    greeting,
    `<p style="margin:0 0 16px">${e(intro)}</p><ul style="margin:0 0 16px;padding-left:20px">${lines.map((l) => `<li>${e(l)}</li>`).join('')}</ul>` +
      (message ? `<p style="margin:0 0 16px;white-space:pre-line">${e(message)}</p>` : '') +
      mailButton(action, input.link) +
      `<p style="margin:0">${e(t('mail:signature') as string)}</p>`,
  );
  return { to: input.to, subject, text, html, replyTo: input.kind === 'seller' ? input.buyer.email : undefined };
}

export function orderAnswerMail(input: { to: string; language: Language; name: string; number: string; seller: string; answer: string; link: string }): MailPayload {
  const t = getT(input.language);
  const values = { number: input.number, seller: input.seller };
  const subject = t('shop:mail.answer.subject', values) as string;
  const greeting = input.name ? (t('mail:greeting', { name: input.name }) as string) : (t('mail:greetingAnonymous') as string);
  const intro = t('shop:mail.answer.intro', values) as string;
  const action = t('shop:mail.answer.action') as string;
  const text = [greeting, '', intro, '', input.answer, '', `${action}: ${input.link}`, '', t('mail:signature') as string].join('\n');
  const e = escapeHtml;
  const html = mailDocument(
    input.language,
    subject,
    greeting,
    `<p style="margin:0 0 16px">${e(intro)}</p><p style="margin:0 0 16px;white-space:pre-line">${e(input.answer)}</p>${mailButton(action, input.link)}<p style="margin:0">${e(t('mail:signature') as string)}</p>`,
  );
  return { to: input.to, subject, text, html };
}
