import type { Language } from '~/lib/language';
import { getT } from '../i18n.server';
import { escapeHtml, mailButton, mailDocument, type RenderedMail } from './templates.server';

/**
 * The two mails of a blind-matching registration (texts `auth:blindMatching.mail.{setPassword,login}.*`): the link to
 * set a first password for a new account, or the login link for an address that has an account. Both name the
 * convention and have the same shape, so neither tells a reader of the request more than the other.
 */
function blindMatchingActionMail(
  language: Language,
  kind: 'setPassword' | 'login',
  mail: { name: string; link: string; convention: string; days?: number },
): RenderedMail {
  const t = getT(language);
  const prefix = `auth:blindMatching.mail.${kind}`;
  const values = { convention: mail.convention, days: mail.days ?? 0 };
  const greeting = mail.name.trim() ? t('mail:greeting', { name: mail.name.trim() }) : t('mail:greetingAnonymous');
  const subject = t(`${prefix}.subject`, values);
  const intro = t(`${prefix}.intro`, values);
  const action = t(`${prefix}.action`);
  const validity = t(`${prefix}.validity`, values);
  const text = [greeting, '', intro, '', `${action}: ${mail.link}`, '', validity, t('mail:ignore'), '', t('mail:signature')].join('\n');
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

export function blindMatchingMail(language: Language, name: string, link: string, convention: string, days: number): RenderedMail {
  return blindMatchingActionMail(language, 'setPassword', { name, link, convention, days });
}

export function blindMatchingLoginMail(language: Language, name: string, link: string, convention: string): RenderedMail {
  return blindMatchingActionMail(language, 'login', { name, link, convention });
}
