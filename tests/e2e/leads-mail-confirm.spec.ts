import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Package } from '../../app/lib/features';
import { createLeadForm } from '../fixtures/factories';
import { expect, test } from './fixtures';

/**
 * Issue 24 item 2 as a visitor and an organisation see it, without JavaScript: a visitor fills in the public lead
 * form with a send-mail flag; the address gets the neutral confirmation mail (no text from the form), confirms with the
 * button on its page and then gets the information mail; a fourth request for the same address in a day is refused
 * and the organisation sees it in its leads console.
 */

test.use({ locale: 'en-GB', javaScriptEnabled: false });

const field = (over: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  type: 'TEXT',
  name: 'x',
  label: 'X',
  langlabel: {},
  required: false,
  selects: [],
  langselects: {},
  headline: '',
  langheadline: {},
  searchable: false,
  standard: null,
  ...over,
});

async function mailsTo(db: Knex, to: string): Promise<{ subject: string; text: string }[]> {
  const rows = await db('outbox').whereRaw("payload->>'to' = ?", [to]).orderBy('created_at', 'asc').select('payload');
  return rows.map((row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload));
}

test('the public form asks the address first; a burst to one address is refused and shown to the organisation', async ({ page, browser, baseURL, login, db }) => {
  const { organizationIds } = await login({ suites: Package.BASIC | Package.SALES, language: 'EN' });
  const form = await createLeadForm(db, {
    organization_id: organizationIds[0],
    send_mail: true,
    name: 'Fair form',
    schema: [field({ name: 'name', label: 'Name', standard: 'name' }), field({ type: 'EMAIL', name: 'email', label: 'E-mail', standard: 'email' })] as never,
  });
  const victim = `victim-${crypto.randomBytes(4).toString('hex')}@test.example`;

  const visitor = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'en-GB' });
  try {
    const tab = await visitor.newPage();
    for (let i = 0; i < 4; i++) {
      await tab.goto(`/leadform?form=${form.id}&lang=EN`);
      await tab.getByRole('textbox', { name: 'Name' }).fill('Win now at https://evil.example');
      await tab.getByRole('textbox', { name: 'E-mail' }).fill(victim);
      for (const box of await tab.getByRole('group', { name: 'Consent' }).getByRole('checkbox').all()) await box.check();
      await tab.getByRole('button', { name: 'Send' }).click();
      await expect(tab.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    }
    const mails = await mailsTo(db, victim);
    expect(mails).toHaveLength(3);
    expect(mails[0].subject).toMatch(/^Please confirm your request to /);
    expect(mails[0].text).not.toContain('evil.example');

    const link = new URL(/https?:\/\/\S+\/leadform\/confirm\S+/.exec(mails[0].text)![0]);
    await tab.goto(`${link.pathname}${link.search}`);
    await tab.getByRole('button', { name: 'Yes, send me the information' }).click();
    await expect(tab.getByRole('status')).toContainText('is sending you the information by e-mail');
    expect((await mailsTo(db, victim)).some((mail) => mail.subject.startsWith('Your information from'))).toBe(true);
  } finally {
    await visitor.close();
  }

  await page.goto('/leads');
  const refused = page.getByRole('region', { name: 'Information mails not sent' });
  await expect(refused.getByRole('row').filter({ hasText: victim })).toContainText('Too many requests for this address');
});
