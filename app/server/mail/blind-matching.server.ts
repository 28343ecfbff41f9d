import type { Language } from '~/lib/language';
import { renderActionMail } from './account-mail.server';
import type { RenderedMail } from './templates.server';

/**
 * The two mails of a blind-matching registration (texts `auth:blindMatching.mail.{setPassword,login}.*`): the link to
 * set a first password for a new account, or the login link for an address that has an account. Both name the
 * convention and have the same shape, so neither tells a reader of the request more than the other.
 */
function blindMatchingActionMail(
  language: Language,
  kind: 'setPassword' | 'login',
  mail: { name: string; link: string; convention: string; days?: number },
): Promise<RenderedMail> {
  // the account mails' one layout, with the blind-matching texts
  const values = { convention: mail.convention, days: String(mail.days ?? 0) };
  return renderActionMail(language, {
    kind: 'blindMatching',
    prefix: `auth:blindMatching.mail.${kind}`,
    subjectValues: values,
    introValues: values,
    name: mail.name,
    link: mail.link,
    validity: { days: mail.days ?? 0 },
  });
}

export function blindMatchingMail(language: Language, name: string, link: string, convention: string, days: number): Promise<RenderedMail> {
  return blindMatchingActionMail(language, 'setPassword', { name, link, convention, days });
}

export function blindMatchingLoginMail(language: Language, name: string, link: string, convention: string): Promise<RenderedMail> {
  return blindMatchingActionMail(language, 'login', { name, link, convention });
}
