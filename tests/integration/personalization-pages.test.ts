import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import * as edit from '~/routes/_console.personalizations.$persSlug/route';
import * as list from '~/routes/_console.personalizations._index/route';
import { Organization, Personalization } from '../../db/models/index';
import { addMember, createOrganization, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { asResponse, callRoute, loadContext, type RouteFn } from '../helpers/routes';
import { png } from './files-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ListData = Awaited<ReturnType<typeof list.loader>>;
type EditData = Awaited<ReturnType<typeof edit.loader>>;

async function member(suites: number = Package.BASIC, options: { sales?: boolean } = {}) {
  const org = await createOrganization(t.app.db, { suites });
  const user = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, user.id, options.sales ? { role: 'sales', sales: true } : { role: 'admin', isOwner: true });
  return { org, user };
}

/** A page action with a multipart body, the way a browser posts a form with a file. */
async function postMultipart(
  route: { action: RouteFn },
  url: string,
  params: Record<string, string>,
  userId: string,
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (file) body.append('file', new Blob([file.bytes], { type: file.type ?? 'image/png' }), file.name);
  const request = new Request(`http://localhost${url}`, { method: 'POST', headers: { cookie: await t.sessionCookie(userId), 'accept-language': 'en' }, body });
  const context = await loadContext(t, request);
  let response: Response;
  try {
    response = asResponse(await route.action({ request, context, params }));
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location'), data: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

async function createAs(userId: string, title: string) {
  return postMultipart(list, '/personalizations', {}, userId, { intent: 'create', title }, { name: 'logo.png', bytes: png(200, 80) });
}

const listData = async (userId: string) => (await callRoute(t, list.loader, { url: '/personalizations', userId })).data as ListData;

describe('/personalizations and /personalizations/{persSlug}', () => {
  it('creates with a logo (the first is the default), refuses without a logo or title, sets the default and deletes after confirming', async () => {
    const { org, user } = await member();

    const noLogo = await postMultipart(list, '/personalizations', {}, user.id, { intent: 'create', title: '' });
    expect(noLogo.status).toBe(400);
    expect(noLogo.data).toMatchObject({
      form: 'create',
      result: { error: { title: ['Please enter a title.'], logoId: ['Please upload a logo'] } },
    });
    const notAnImage = await postMultipart(list, '/personalizations', {}, user.id, { intent: 'create', title: 'Look' }, {
      name: 'logo.png',
      bytes: Buffer.from('%PDF-1.4 not a picture'),
    });
    expect(notAnImage.status).toBe(400);
    expect((notAnImage.data as { result: { error: Record<string, string[]> } }).result.error.logoId).toHaveLength(1);
    expect(await Personalization.query(t.app.db).where({ organization_id: org.id }).resultSize()).toBe(0);

    const first = await createAs(user.id, 'Messe-Look');
    expect(first).toMatchObject({ status: 302, location: '/personalizations/messe-look' });
    const second = await createAs(user.id, 'Dunkel');
    expect(second.status).toBe(302);
    const secondSlug = second.location!.replace('/personalizations/', '');

    let data = await listData(user.id);
    expect(data.personalizations.map((p) => [p.title, p.isDefault])).toEqual([
      ['Dunkel', false],
      ['Messe-Look', true],
    ]);
    expect(data.personalizations[0]!.logoUrl).toMatch(/^\/files\//);
    const dunkel = data.personalizations[0]!;

    const setDefault = await callRoute(t, list.action, { url: '/personalizations', userId: user.id, form: { intent: 'setDefault', id: dunkel.id, name: 'Dunkel' } });
    expect(setDefault).toMatchObject({ status: 302, toast: { type: 'success', key: 'personalization:list.defaultSet' } });
    expect((await Organization.query(t.app.db).findById(org.id))!.default_personalization_id).toBe(dunkel.id);

    const ask = await callRoute(t, list.action, { url: '/personalizations', userId: user.id, form: { intent: 'delete', id: dunkel.id, name: 'Dunkel' } });
    expect(ask).toMatchObject({ status: 200, data: { confirm: { intent: 'delete', id: dunkel.id, name: 'Dunkel' } } });
    const gone = await callRoute(t, list.action, {
      url: '/personalizations',
      userId: user.id,
      form: { intent: 'delete', id: dunkel.id, name: 'Dunkel', confirmed: 'yes' },
    });
    expect(gone).toMatchObject({ status: 302, toast: { type: 'success', key: 'personalization:list.deleted' } });
    data = await listData(user.id);
    expect(data.personalizations.map((p) => p.title)).toEqual(['Messe-Look']);
    expect(await callRoute(t, edit.loader, { url: `/personalizations/${secondSlug}`, userId: user.id, params: { persSlug: secondSlug } })).toMatchObject({
      status: 404,
    });
  });

  it('saves the settings, answers each rule at its field, replaces logo and favicon; the contrast is a warning, not an error', async () => {
    const { user } = await member();
    const slug = (await createAs(user.id, 'Hell')).location!.replace('/personalizations/', '');
    const url = `/personalizations/${slug}`;
    const save = (fields: Record<string, string>) =>
      callRoute(t, edit.action, {
        url,
        userId: user.id,
        params: { persSlug: slug },
        form: { intent: 'settings', title: 'Hell', logoPosition: 'LEFT', logoWidth: '100', primaryColor: '#283853', secondaryColor: '#e45364', imprint: '', dataPrivacy: '', ...fields },
      });

    const refused = await save({ title: '', logoPosition: 'TOP', logoWidth: 'breit', primaryColor: 'red', secondaryColor: '#12345' });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      form: 'settings',
      result: {
        error: {
          '': ['Please correct the marked fields and try again'],
          title: ['Please enter a title.'],
          logoPosition: ['Choose left, middle or right.'],
          logoWidth: ['The logo width must be between 16 and 1000 pixels.'],
          primaryColor: ['Please enter a colour as #rrggbb.'],
          secondaryColor: ['Please enter a colour as #rrggbb.'],
        },
      },
    });
    expect(await save({ logoWidth: '5' })).toMatchObject({ status: 400, data: { result: { error: { logoWidth: ['The logo width must be between 16 and 1000 pixels.'] } } } });
    expect(await save({ imprint: 'x'.repeat(20_001) })).toMatchObject({ status: 400, data: { result: { error: { imprint: ['The text is too long (at most 20000 characters).'] } } } });

    // yellow fails WCAG AA for white text: saved all the same, the page shows the warning from the stored colour
    const saved = await save({ logoPosition: 'MIDDLE', logoWidth: '180', primaryColor: '#FFFF00', imprint: 'Hell GmbH, Musterstraße 1', dataPrivacy: 'Wir speichern nichts.' });
    expect(saved).toMatchObject({ status: 302, location: url, toast: { type: 'success', key: 'personalization:edit.saved' } });
    const loaded = (await callRoute(t, edit.loader, { url, userId: user.id, params: { persSlug: slug } })).data as EditData;
    expect(loaded.personalization).toMatchObject({
      logoPosition: 'MIDDLE',
      logoWidth: 180,
      primaryColor: '#ffff00',
      imprint: 'Hell GmbH, Musterstraße 1',
      dataPrivacy: 'Wir speichern nichts.',
      faviconUrl: null,
    });

    const badFavicon = await postMultipart(edit, url, { persSlug: slug }, user.id, { intent: 'favicon' }, { name: 'f.png', bytes: Buffer.from('not an image at all') });
    expect(badFavicon).toMatchObject({ status: 400, data: { form: 'favicon' } });
    expect(typeof badFavicon.data!.error).toBe('string');
    const favicon = await postMultipart(edit, url, { persSlug: slug }, user.id, { intent: 'favicon' }, { name: 'f.png', bytes: png(32, 32) });
    expect(favicon).toMatchObject({ status: 302, location: url });
    const logo = await postMultipart(edit, url, { persSlug: slug }, user.id, { intent: 'logo' }, { name: 'l.png', bytes: png(300, 100) });
    expect(logo).toMatchObject({ status: 302, location: url });
    const after = (await callRoute(t, edit.loader, { url, userId: user.id, params: { persSlug: slug } })).data as EditData;
    expect(after.personalization.faviconUrl).toMatch(/^\/files\//);
    expect(after.personalization.logoUrl).not.toBe(loaded.personalization.logoUrl);
    const noFile = await postMultipart(edit, url, { persSlug: slug }, user.id, { intent: 'logo' });
    expect(noFile).toMatchObject({ status: 400, data: { form: 'logo' } });
  });

  it("another organisation's personalization is 404; a sales user and an organisation without the feature go to /missing-feature/personalization", async () => {
    const owner = await member();
    const slug = (await createAs(owner.user.id, 'Eigen')).location!.replace('/personalizations/', '');
    const stranger = await member();
    const params = { persSlug: slug };
    const url = `/personalizations/${slug}`;
    expect(await callRoute(t, edit.loader, { url, userId: stranger.user.id, params })).toMatchObject({ status: 404 });
    expect(await callRoute(t, edit.action, { url, userId: stranger.user.id, params, form: { intent: 'settings', title: 'Fremd' } })).toMatchObject({
      status: 404,
    });
    const own = (await listData(owner.user.id)).personalizations[0]!;
    const foreignDelete = await callRoute(t, list.action, {
      url: '/personalizations',
      userId: stranger.user.id,
      form: { intent: 'delete', id: own.id, name: 'Eigen', confirmed: 'yes' },
    });
    expect(foreignDelete).toMatchObject({ status: 302, toast: { type: 'error' } });
    expect(await Personalization.query(t.app.db).findById(own.id)).toBeDefined();

    const sales = await createUser(t.app.db);
    await addMember(t.app.db, owner.org.id, sales.id, { role: 'sales', sales: true });
    const lacking = await member(Feature.content | Feature.lead);
    for (const userId of [sales.id, lacking.user.id]) {
      expect(await callRoute(t, list.loader, { url: '/personalizations', userId })).toMatchObject({ status: 302, location: '/missing-feature/personalization' });
      expect(await callRoute(t, edit.loader, { url, userId, params })).toMatchObject({ status: 302, location: '/missing-feature/personalization' });
      expect(await callRoute(t, list.action, { url: '/personalizations', userId, form: { intent: 'create', title: 'X' } })).toMatchObject({
        status: 302,
        location: '/missing-feature/personalization',
      });
    }
    expect(await callRoute(t, list.loader, { url: '/personalizations', userId: null })).toMatchObject({ status: 302, location: '/login?next=%2Fpersonalizations' });
  });
});
