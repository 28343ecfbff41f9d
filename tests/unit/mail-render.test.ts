import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATE_KEYS } from '~/lib/email/templates';
import { activationMail } from '~/server/mail/account-mail.server';
import { renderOrganizationMail } from '~/server/mail/organization-mail.server';
import { sampleMail } from '~/server/services/email/blocks';

/**
 * Every mail renders to one clean document: React 18's streaming renderer (which React Email's `render` reads) put NUL
 * bytes into the order-request mail, and PostgreSQL refuses a payload with them, so a checkout answered 500.
 */
const cases = EMAIL_TEMPLATE_KEYS.flatMap((template) => (['DE', 'EN'] as const).map((language) => [template, language] as const));

describe('rendered mails', () => {
  it.each(cases)('%s in %s: a doctype, no NUL byte, the same texts in HTML and plain text', async (template, language) => {
    const sample = sampleMail(template, language, 'Müller & Söhne GmbH', new URL('https://fair.example'));
    const mail = await renderOrganizationMail({ template, language, ...sample, overrides: new Map(), look: { color: '#0b5394', headerImageUrl: null, organisation: 'Müller & Söhne GmbH' } });
    expect(mail.html.startsWith('<!DOCTYPE html')).toBe(true);
    expect(mail.html).not.toContain('\u0000');
    expect(mail.text).not.toContain('\u0000');
    expect(mail.text).toContain(sample.name ? sample.name : '');
    expect(mail.html).toContain('#0b5394');
  });

  it('the order request that had NUL bytes (organisation "Org", English, its sample) has none', async () => {
    const sample = sampleMail('orderRequest', 'EN', 'Org', new URL('http://x'));
    const mail = await renderOrganizationMail({ template: 'orderRequest', language: 'EN', ...sample, overrides: new Map(), look: { color: null, headerImageUrl: null, organisation: 'Org' } });
    expect(mail.html).not.toContain('\u0000');
  });

  it('an account mail with a long text has no NUL byte either', async () => {
    const mail = await activationMail('DE', 'Ä'.repeat(400), `https://fair.example/activate?token=${'x'.repeat(600)}`, 7);
    expect(mail.html).not.toContain('\u0000');
    expect(mail.html).toContain('Ä'.repeat(400));
  });
});
