import type { TFunction } from 'i18next';
import { getT } from '../i18n.server';
import { toLocale, type Language } from '~/lib/language';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The frame every mail's HTML shares: the document, the white card and the greeting; `body` is the card's HTML. */
export function mailDocument(language: Language, subject: string, greeting: string, body: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="${toLocale(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f7f7f7;font-family:Arial,Helvetica,sans-serif;color:#283853">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px">
<p style="margin:0 0 16px">${e(greeting)}</p>
${body}
</td></tr></table>
</body>
</html>`;
}

/** A mail's call to action: the brand-coloured button linking to `href`. */
export function mailButton(label: string, href: string): string {
  const e = escapeHtml;
  return `<p style="margin:0 0 24px"><a href="${e(href)}" style="display:inline-block;padding:12px 20px;background:#e45364;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${e(label)}</a></p>`;
}

export interface ActionMail {
  /** the key prefix in locales/<lng>/mail.json (subject, intro, action, validity) */
  kind: 'activation' | 'passwordReset' | 'accountDeletion' | 'invite' | 'leadMailConfirm';
  /** another key prefix with the same four texts (a domain's own namespace), instead of `mail:<kind>` */
  prefix?: string;
  /** values for the intro text (e.g. the organisation of an invite) */
  introValues?: Record<string, string>;
  /** values for the subject */
  subjectValues?: Record<string, string>;
  name: string;
  link: string;
  validity: Record<string, number>;
}

/** One layout for every mail with a call to action: greeting, intro, button, the link in plain text, validity. */
export function renderActionMail(language: Language, mail: ActionMail): RenderedMail {
  const t: TFunction = getT(language);
  const prefix = mail.prefix ?? `mail:${mail.kind}`;
  const greeting = mail.name.trim() ? t('mail:greeting', { name: mail.name.trim() }) : t('mail:greetingAnonymous');
  const subject = t(`${prefix}.subject`, mail.subjectValues ?? {});
  const intro = t(`${prefix}.intro`, mail.introValues ?? {});
  const action = t(`${prefix}.action`);
  const validity = t(`${prefix}.validity`, mail.validity);
  const text = [
    greeting,
    '',
    intro,
    '',
    `${action}: ${mail.link}`,
    '',
    validity,
    t('mail:ignore'),
    '',
    t('mail:signature'),
  ].join('\n');
  const e = escapeHtml;
  const html = mailDocument(
    language,
    subject,
    greeting,
    `<p style="margin:0 0 24px;line-height:1.5">${e(intro)}</p>
${mailButton(action, mail.link)}
<p style="margin:0 0 8px;font-size:13px">${e(t('mail:linkFallback'))}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${e(mail.link)}" style="color:#283853">${e(mail.link)}</a></p>
<p style="margin:0 0 8px;font-size:13px">${e(validity)}</p>
<p style="margin:0 0 24px;font-size:13px">${e(t('mail:ignore'))}</p>
<p style="margin:0">${e(t('mail:signature'))}</p>`,
  );
  return { subject, html, text };
}

export function activationMail(language: Language, name: string, link: string, days: number): RenderedMail {
  return renderActionMail(language, { kind: 'activation', name, link, validity: { days } });
}

export function passwordResetMail(language: Language, name: string, link: string, minutes: number): RenderedMail {
  return renderActionMail(language, { kind: 'passwordReset', name, link, validity: { minutes } });
}

export function accountDeletionMail(language: Language, name: string, link: string, hours: number): RenderedMail {
  return renderActionMail(language, { kind: 'accountDeletion', name, link, validity: { hours } });
}

export function inviteMail(
  language: Language,
  name: string,
  link: string,
  invite: { organisation: string; inviter: string; days: number },
): RenderedMail {
  return renderActionMail(language, {
    kind: 'invite',
    name,
    link,
    validity: { days: invite.days },
    introValues: { organisation: invite.organisation, inviter: invite.inviter },
  });
}

/**
 * The neutral mail a public lead form sends to an address that has not confirmed it (issue 24 item 2): it names the
 * organisation and our confirmation page only, never what was typed into the form (name, notes, links), so the form
 * cannot carry someone's text to a stranger's mailbox. The information mail follows once the address confirms.
 */
export function leadMailConfirmationMail(language: Language, link: string, organisation: string, days: number): RenderedMail {
  return renderActionMail(language, {
    kind: 'leadMailConfirm',
    name: '',
    link,
    validity: { days },
    introValues: { organisation },
    subjectValues: { organisation },
  });
}
