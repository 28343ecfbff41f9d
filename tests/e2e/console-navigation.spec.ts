import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { Package } from '../../app/lib/features';
import { createOrganization } from '../fixtures/factories';
import { expect, hydrated, test } from './fixtures';

test.use({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });

/** A host's convention with a hall, and (optionally) another organisation's stand that applied to that hall. */
async function fairWithHall(db: Knex, organizationId: string, options: { active?: boolean; applicantOrg?: string } = {}) {
  const stamp = crypto.randomBytes(4).toString('hex');
  const [convention] = await db('conventions')
    .insert({ organization_id: organizationId, slug: `fachmesse-${stamp}`, title: `Digitale Fachmesse ${stamp}`, active: options.active ?? true, permission_type: 'PUBLIC' })
    .returning(['id', 'slug', 'title']);
  const [hall] = await db('halls')
    .insert({ organization_id: organizationId, name: `Halle Maschinenbau ${stamp}`, slug: `halle-${stamp}`, permission_type: 'PUBLIC' })
    .returning(['id', 'slug', 'name']);
  await db('convention_halls').insert({ organization_id: organizationId, convention_id: convention.id, hall_id: hall.id });
  let applicant: { name: string; slug: string; previewSlug: string } | null = null;
  if (options.applicantOrg) {
    const [stand] = await db('base_stands').insert({ organization_id: options.applicantOrg, name: `Bewerber ${stamp}`, slug: `bewerber-${stamp}` }).returning(['id', 'name', 'slug']);
    await db('hall_stands').insert({
      organization_id: organizationId,
      hall_id: hall.id,
      stand_id: stand.id,
      approved: false,
      stand_accepted: true,
      slug: stand.slug,
      preview_slug: `prev-${stamp}`,
    });
    applicant = { name: stand.name, slug: stand.slug, previewSlug: `prev-${stamp}` };
  }
  return { convention, hall, applicant };
}

test('the convention dashboard: breadcrumb with its name, a section menu that jumps to a section, labelled names, the visitor view', async ({ page, login, db }) => {
  const { organizationIds } = await login({ language: 'EN' });
  const { convention } = await fairWithHall(db, organizationIds[0]!, { active: false });
  await page.goto(`/events/convention/${convention.slug}`);
  await hydrated(page);

  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Events' })).toHaveAttribute('href', '/events');
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(convention.title);
  await expect(breadcrumb).not.toContainText(convention.slug);

  // which name visitors see
  await expect(page.getByLabel('Internal name – only visible in the console')).toHaveValue(convention.title);
  await expect(page.getByLabel('Title (Deutsch) – visitors see it')).toBeVisible();
  await expect(page.getByLabel('Title (English) – visitors see it')).toBeVisible();

  // the visitor view, and why visitors see little of it yet
  await expect(page.getByRole('link', { name: `Open the visitor view of “${convention.title}”` })).toHaveAttribute('href', `/convention/${convention.slug}`);
  await expect(page.getByText('The convention is not active: visitors see only its title, description and dates.')).toBeVisible();

  const menu = page.getByRole('navigation', { name: 'Sections of this page' });
  const hallsLink = menu.getByRole('link', { name: 'Halls' });
  await expect(hallsLink).toBeVisible();
  await hallsLink.click();
  await expect(page).toHaveURL(new RegExp(`/events/convention/${convention.slug}#halls-title$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Halls' })).toBeInViewport();
  await expect(hallsLink).toHaveAttribute('aria-current', 'location');
  await expect(menu.getByRole('link', { name: 'Settings' })).not.toHaveAttribute('aria-current', 'location');
  // the menu stays in view while the page scrolls
  await expect(hallsLink).toBeInViewport();
});

test('on a phone the section menu is a disclosure above the sections', async ({ page, login, db }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { organizationIds } = await login({ language: 'EN' });
  const { convention } = await fairWithHall(db, organizationIds[0]!);
  await page.goto(`/events/convention/${convention.slug}`);
  const menu = page.getByRole('navigation', { name: 'Sections of this page' });
  await expect(menu.getByRole('link', { name: 'On-demand content' })).toBeHidden();
  await menu.getByText('Jump to a section').click();
  await menu.getByRole('link', { name: 'Stage' }).click();
  await expect(page).toHaveURL(/#stage-title$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Stage' })).toBeInViewport();
});

test("the hall builder's breadcrumb names the convention and the hall, and the sitemap's paths open the visitor pages", async ({ page, login, db }) => {
  const { organizationIds } = await login({ language: 'EN' });
  const { convention, hall } = await fairWithHall(db, organizationIds[0]!);

  await page.goto(`/hall/builder/${hall.slug}`);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('listitem')).toHaveText(['Halls', convention.title, hall.name]);
  await expect(breadcrumb.getByRole('link', { name: convention.title })).toHaveAttribute('href', `/events/convention/${convention.slug}`);
  await expect(breadcrumb).not.toContainText(hall.slug);

  await page.goto(`/sitemap/${convention.slug}`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem')).toHaveText(['Events', convention.title, 'Sitemap']);
  await expect(page.getByRole('link', { name: `/convention/${convention.slug}/hall/${hall.slug} (visitor view)` })).toHaveAttribute(
    'href',
    `/convention/${convention.slug}/hall/${hall.slug}`,
  );
  await page.getByRole('link', { name: `/convention/${convention.slug} (visitor view)` }).click();
  await expect(page).toHaveURL(new RegExp(`/convention/${convention.slug}$`));
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(convention.title);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    test('approving a stand without views or texts shows what is missing, then approves after confirming', async ({ page, login, db }) => {
      const { organizationIds } = await login({ language: 'EN' });
      const guestOrg = await createOrganization(db, { suites: Package.BASIC | Package.EVENT });
      try {
        const { convention, hall, applicant } = await fairWithHall(db, organizationIds[0]!, { applicantOrg: guestOrg.id });
        const previewLink = `/prev/${applicant!.previewSlug}/convention/${convention.slug}/hall/${hall.slug}/stand/${applicant!.slug}`;
        await page.goto(previewLink);
        await expect(page.getByText('Preview: this stand is not approved yet.')).toBeVisible();

        await page.goto(`/hall/builder/${hall.slug}`);
        const row = page.getByRole('listitem').filter({ hasText: applicant!.name });
        await expect(row.getByText('Waiting for approval')).toBeVisible();
        await page.getByRole('button', { name: `Approve ${applicant!.name}` }).click();

        const warning = page.getByRole('alertdialog', { name: `Approve stand “${applicant!.name}” anyway?` });
        await expect(warning.getByRole('listitem')).toHaveText(['The stand has no views', 'The stand has no texts in German', 'The stand has no texts in English']);
        expect((await db('hall_stands').where({ slug: applicant!.slug }).first('approved')).approved).toBe(false);

        await warning.getByRole('button', { name: 'Approve anyway' }).click();
        // the toast needs JavaScript; the list shows the approval either way
        if (javaScriptEnabled) await expect(page.getByText('The stand was approved.')).toBeVisible();
        await expect(row.getByText('Approved', { exact: true })).toBeVisible();
        await expect(page.getByRole('alertdialog')).toHaveCount(0);
        expect((await db('hall_stands').where({ slug: applicant!.slug }).first('approved')).approved).toBe(true);

        // an approved stand never says it waits for approval: its preview link says it is approved
        await page.goto(previewLink);
        await expect(page.getByText('Preview link: this stand has been approved and is visible in the hall.')).toBeVisible();
        await expect(page.getByText(/not approved yet/)).toHaveCount(0);
      } finally {
        await db('organizations').where({ id: guestOrg.id }).delete();
      }
    });
  });
}

test('the sidebar item "Appointments" opens its page, never the not-found page (issue 27)', async ({ page, login }) => {
  await login({ language: 'EN' });
  await page.goto('/');
  await page.getByRole('link', { name: 'Appointments' }).first().click();
  await expect(page).toHaveURL(/\/appointments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Appointments' })).toBeVisible();
  await expect(page.getByText('Page not found')).toHaveCount(0);
});
