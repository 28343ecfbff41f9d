import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { seedConventions } from '~/server/seed/events-conventions';

// the answer is checked field by field with expect()
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo seed: conventions', () => {
  it('creates a public convention running now with a programme around now, on-demand items and an in-house fair', async () => {
    const org = await createOrganization(t.app.db, { suites: Package.BASIC | Package.EVENT });
    const user = await createUser(t.app.db, { default_language: 'EN' });
    await addMember(t.app.db, org.id, user.id, { isOwner: true });
    const now = new Date();
    const seeded = await t.app.db.transaction((trx) => seedConventions(trx, { organizationId: org.id, now }));

    const visitor = await t.graphql<{ fetchLandingpageConvention: Json }>(
      `query($org: String!) { fetchLandingpageConvention(orgSlug: $org) { id slug status permissionType translation { title }
        onDemandContent { title translations { language title } } stage { slug translation { title } schedule { timestamp timestampEnd speaker speakerOrganization { id } translation { title } } } } }`,
      { org: org.slug },
    );
    const convention = visitor.body.data!.fetchLandingpageConvention;
    expect(convention).toMatchObject({
      id: seeded.conventionId,
      slug: 'digitale-fachmesse-2026',
      status: 'ONGOING',
      permissionType: 'PUBLIC',
      translation: { title: 'Digital Trade Fair 2026' },
      stage: { slug: 'demo-hauptbuehne', translation: { title: 'Main stage' } },
    });
    expect(convention.onDemandContent).toHaveLength(3);
    // every on-demand item has its texts in German and English (issue 24 item 21)
    for (const item of convention.onDemandContent as { translations: { language: string; title: string }[] }[]) {
      expect(item.translations.map((tr) => tr.language)).toEqual(['DE', 'EN']);
      expect(item.translations.every((tr) => tr.title.length > 0)).toBe(true);
    }
    const schedule = convention.stage.schedule as { timestamp: string; timestampEnd: string; speakerOrganization: { id: string } | null }[];
    const when = (e: { timestamp: string; timestampEnd: string }) =>
      new Date(e.timestampEnd) < now ? 'before' : new Date(e.timestamp) > now ? 'after' : 'during';
    expect(new Set(schedule.map(when))).toEqual(new Set(['before', 'during', 'after']));
    expect(schedule.some((e) => e.speakerOrganization?.id === org.id)).toBe(true);

    const admin = await t.graphql<{ exhibitions: { id: string; stage: { id: string } }[] }>(`query { exhibitions { id stage { id } } }`, undefined, {
      headers: { Authorization: `JWT ${await t.accessToken(user.id)}` },
    });
    expect(admin.body.data!.exhibitions).toEqual([{ id: seeded.exhibitionId, stage: { id: seeded.stageId } }]);
  });
});
