import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import * as pool from '~/routes/_console.contentpool._index';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, createContentGroup, createOrganization, createUser } from '../fixtures/factories';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function editor(suites: number = Package.BASIC) {
  const org = await createOrganization(t.app.db, { suites });
  const user = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, user.id, { role: 'admin', isOwner: true });
  return { org, user };
}

type PoolData = { groups: { id: string; name: string; liked: boolean }[] };

describe('/contentpool (page door)', () => {
  it('creates, renames, likes and deletes after confirming, without JavaScript; rules answer at the field', async () => {
    const { user } = await editor();
    const post = (form: Record<string, string>) => callRoute(t, pool.action, { url: '/contentpool', userId: user.id, form });
    const list = async (query = '') => ((await callRoute(t, pool.loader, { url: `/contentpool${query}`, userId: user.id })).data as PoolData).groups;

    const created = await post({ intent: 'create', name: 'Broschüren' });
    expect(created).toMatchObject({ status: 302, location: '/contentpool', toast: { type: 'success', key: 'content:pool.created' } });
    await post({ intent: 'create', name: 'Videos' });
    const empty = await post({ intent: 'create', name: '' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.data)).toContain('Please enter a name.');

    const [first] = await list();
    expect(first!.name).toBe('Broschüren');
    const tooLong = await post({ intent: 'rename', id: first!.id, name: 'x'.repeat(150) });
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.data)).toContain('The name is too long');
    expect(await post({ intent: 'rename', id: first!.id, name: 'Prospekte' })).toMatchObject({ status: 302, toast: { key: 'content:pool.renamed' } });

    const videos = (await list()).find((g) => g.name === 'Videos')!;
    await post({ intent: 'like', id: videos.id });
    expect((await list()).map((g) => [g.name, g.liked])).toEqual([
      ['Videos', true],
      ['Prospekte', false],
    ]);
    expect((await list('?q=prosp')).map((g) => g.name)).toEqual(['Prospekte']);

    const ask = await post({ intent: 'delete', id: videos.id, name: 'Videos' });
    expect(ask).toMatchObject({ status: 200, data: { confirm: { intent: 'delete', id: videos.id, name: 'Videos' } } });
    expect((await list()).length).toBe(2);
    const done = await post({ intent: 'delete', id: videos.id, name: 'Videos', confirmed: 'yes' });
    expect(done).toMatchObject({ status: 302, toast: { type: 'success', key: 'content:pool.deleted' } });
    expect((await list()).map((g) => g.name)).toEqual(['Prospekte']);
  });

  it("another organisation's group is not touched; members without the content feature go to /missing-feature/content", async () => {
    const { user } = await editor();
    const foreign = await createContentGroup(t.app.db);
    const res = await callRoute(t, pool.action, { url: '/contentpool', userId: user.id, form: { intent: 'delete', id: foreign.id, name: 'x', confirmed: 'yes' } });
    expect(res.toast).toMatchObject({ type: 'error' });
    expect(await t.app.db('content_groups').where({ id: foreign.id }).first()).toBeTruthy();

    const { user: lacking } = await editor(Feature.lead);
    const page = await callRoute(t, pool.loader, { url: '/contentpool', userId: lacking.id });
    expect(page).toMatchObject({ status: 302, location: '/missing-feature/content' });
    const anonymous = await callRoute(t, pool.loader, { url: '/contentpool', userId: null });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/login/);
  });
});
