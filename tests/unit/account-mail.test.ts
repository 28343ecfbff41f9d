import { describe, expect, it } from 'vitest';
import { accountDeletionMail, activationMail, leadMailConfirmationMail, passwordResetMail, PLATFORM_LOOK } from '~/server/mail/account-mail.server';
import { blindMatchingLoginMail, blindMatchingMail } from '~/server/mail/blind-matching.server';
import { getT } from '~/server/i18n.server';
import { toLocale } from '~/lib/language';

/**
 * The platform's own mails (issue 29) are React Email templates in the platform's look: per language the texts of
 * locales/{de,en}/mail.json, the button and the link in plain text in both parts, and nothing from a name or an
 * organisation's name that could be markup.
 */
const LINK = 'https://fair.example/activate?token=abc&next=%2Fhub';

describe('account mails', () => {
  it.each(['DE', 'EN'] as const)('the activation mail in %s: subject, greeting, button, link, validity, in the platform look', async (language) => {
    const t = getT(language);
    const mail = await activationMail(language, 'Jörg', LINK, 7);
    expect(mail.subject).toBe(t('mail:activation.subject'));
    expect(mail.html).toMatch(/^<!DOCTYPE html/);
    expect(mail.html).toContain(`lang="${toLocale(language)}"`);
    expect(mail.html).toContain(PLATFORM_LOOK.color);
    expect(mail.html).toContain(`href="${LINK.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain(t('mail:activation.action'));
    expect(mail.html).toContain(t('mail:greeting', { name: 'Jörg' }));
    expect(mail.text.split('\n')).toEqual([
      t('mail:greeting', { name: 'Jörg' }),
      '',
      t('mail:activation.intro'),
      '',
      `${t('mail:activation.action')}: ${LINK}`,
      '',
      t('mail:activation.validity', { days: 7 }),
      t('mail:ignore'),
      '',
      t('mail:signature'),
    ]);
  });

  it('password reset, account deletion, the lead form\'s address confirmation and blind matching use their own texts', async () => {
    const t = getT('EN');
    expect((await passwordResetMail('EN', 'Ada', LINK, 30)).text).toContain(t('mail:passwordReset.validity', { minutes: 30 }));
    expect((await accountDeletionMail('EN', 'Ada', LINK, 24)).subject).toBe(t('mail:accountDeletion.subject'));
    const confirm = await leadMailConfirmationMail('DE', LINK, 'Müller & Söhne', 3);
    expect(confirm.subject).toBe(getT('DE')('mail:leadMailConfirm.subject', { organisation: 'Müller & Söhne' }));
    expect(confirm.html).toContain('Müller &amp; Söhne');
    expect(confirm.text).toContain(getT('DE')('mail:greetingAnonymous'));
    const invitation = await blindMatchingMail('EN', 'Ada', LINK, 'Fair 2026', 5);
    expect(invitation.subject).toBe(t('auth:blindMatching.mail.setPassword.subject', { convention: 'Fair 2026', days: '5' }));
    expect((await blindMatchingLoginMail('EN', 'Ada', LINK, 'Fair 2026')).text).toContain(t('auth:blindMatching.mail.login.action'));
  });

  it('escapes a name that looks like markup', async () => {
    const mail = await activationMail('EN', '<img src=x onerror=alert(1)>', LINK, 7);
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});
