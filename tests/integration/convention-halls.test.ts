import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import { addMember, addStandToHall, createConvention, createHall, createOrganization, createStand, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { countStatements } from '../helpers/remix-pages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A convention with `halls` public halls of `stands` listed stands each, a hall that needs an access key and a stand not yet approved. */
async function fair(halls: number, stands: number) {
  const db = t.app.db;
  const host = await createOrganization(db, { suites: Package.BASIC | Package.EVENT });
  const owner = await createUser(db);
  await addMember(db, host.id, owner.id, { isOwner: true });
  const convention = await createConvention(db, { organization_id: host.id });
  const exhibitor = await createOrganization(db, { suites: Package.BASIC | Package.EVENT });
  const expected: { slug: string; stands: string[] }[] = [];
  for (let h = 0; h < halls; h += 1) {
    const hall = await createHall(db, { conventionId: convention.id });
    const listed: string[] = [];
    for (let s = 0; s < stands; s += 1) {
      const stand = await createStand(db, { organization_id: exhibitor.id });
      const hallStand = await addStandToHall(db, { hall_id: hall.id, stand_id: stand.id });
      listed.push(hallStand.slug);
    }
    const waiting = await createStand(db, { organization_id: exhibitor.id });
    await addStandToHall(db, { hall_id: hall.id, stand_id: waiting.id, approved: false });
    expected.push({ slug: hall.slug, stands: listed });
  }
  const withKey = await createHall(db, { conventionId: convention.id, permission_type: 'TOKEN' });
  const visitor = await createUser(db);
  return { convention, owner, visitor, expected, withKey };
}

const QUERY = `query($slug: String!) { conventionBySlug(slug: $slug) { slug halls { slug name stands { slug approved stand { name } } } } }`;
type Answer = { conventionBySlug: { halls: { slug: string; stands: { slug: string; approved: boolean; stand: { name: string } | null }[] }[] } };

describe('GraphQL Convention.halls', () => {
  it('lists the halls a visitor may enter in order, with the stands visitors see there', async () => {
    const f = await fair(2, 2);
    const res = await t.graphql<Answer>(QUERY, { slug: f.convention.slug }, { headers: await t.sessionHeaders(f.visitor.id) });
    expect(res.body.errors).toBeUndefined();
    const halls = res.body.data!.conventionBySlug.halls;
    expect(halls.map((h) => ({ slug: h.slug, stands: h.stands.map((s) => s.slug) }))).toEqual(f.expected);
    expect(halls.flatMap((h) => h.stands).every((s) => s.approved && s.stand !== null)).toBe(true);
  });

  it('the host sees every hall and the stands waiting for approval', async () => {
    const f = await fair(2, 1);
    const headers = await t.sessionHeaders(f.owner.id);
    const res = await t.graphql<Answer>(QUERY, { slug: f.convention.slug }, { headers });
    const halls = res.body.data!.conventionBySlug.halls;
    expect(halls.map((h) => h.slug)).toEqual([...f.expected.map((h) => h.slug), f.withKey.slug]);
    expect(halls[0].stands.map((s) => s.approved)).toEqual([true, false]);
  });

  it('costs the same number of SQL statements for 2 halls of 2 stands and 6 halls of 4 stands', async () => {
    const small = await fair(2, 2);
    const large = await fair(6, 4);
    const run = async (f: Awaited<ReturnType<typeof fair>>) => {
      const headers = await t.sessionHeaders(f.visitor.id);
      return countStatements(t, () => t.graphql<Answer>(QUERY, { slug: f.convention.slug }, { headers }));
    };
    const a = await run(small);
    const b = await run(large);
    expect(a.result.body.data!.conventionBySlug.halls).toHaveLength(2);
    expect(b.result.body.data!.conventionBySlug.halls).toHaveLength(6);
    expect(b.result.body.data!.conventionBySlug.halls.flatMap((h) => h.stands)).toHaveLength(24);
    expect(b.count).toBe(a.count);
    expect(b.count).toBeLessThanOrEqual(12);
  });
});
