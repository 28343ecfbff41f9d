import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as conventionLayout from '~/routes/convention.$conventionslug';
import { createConvention, createUser } from '../fixtures/factories';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';

/**
 * The business-card modal of the convention top bar offers the visitor's own avatar (issue 27, spec 000 point 1 and
 * 001 point 5): the dialog's data carry the picture, and the layout's action sets the cropped JPEG (intent `avatar`,
 * as /user-contact does) and returns to the dialog; someone else's file is refused with the generic error.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const imageOf = async (userId: string) =>
  (
    await t.app
      .db('files')
      .insert({ filename: 'avatar.jpg', mime_type: 'image/jpeg', size: 10, storage_key: `test/${userId}-${Date.now()}`, uploaded_by_id: userId })
      .returning('id')
  )[0]!.id as string;

describe('business-card modal: avatar', () => {
  it("sets the visitor's avatar from the dialog and comes back to it with the picture on the card", async () => {
    const convention = await createConvention(t.app.db);
    const visitor = await createUser(t.app.db, { default_language: 'EN', first_name: 'Vera', last_name: 'Visitor' });
    const params = { conventionslug: convention.slug };
    const fileId = await imageOf(visitor.id);
    const back = `/convention/${convention.slug}?dialog=card`;
    const saved = await callRoute(t, conventionLayout.action, { url: `/convention/${convention.slug}`, params, userId: visitor.id, form: { intent: 'avatar', avatarId: fileId, redirectTo: back } });
    expect(saved).toMatchObject({ status: 302, location: back, toast: { type: 'success', key: 'auth:avatar.updated' } });
    expect(await t.app.db('users').where({ id: visitor.id }).first('avatar_id')).toEqual({ avatar_id: fileId });

    const dialog = await callRoute(t, conventionLayout.loader, { url: back, params, userId: visitor.id });
    const card = (dialog.data as { viewer: { card: { avatarUrl: string | null; name: string } } }).viewer.card;
    expect(card).toMatchObject({ name: 'Vera Visitor', avatarUrl: expect.stringContaining(fileId) });
    // pages without the dialog stay the same for every visitor: no picture, no card
    const plain = await callRoute(t, conventionLayout.loader, { url: `/convention/${convention.slug}`, params, userId: visitor.id });
    expect((plain.data as { viewer: { card: unknown } }).viewer.card).toBeNull();
  });

  it("refuses someone else's file with the generic error; anonymous visitors may not post", async () => {
    const convention = await createConvention(t.app.db);
    const owner = await createUser(t.app.db);
    const other = await createUser(t.app.db);
    const params = { conventionslug: convention.slug };
    const fileId = await imageOf(owner.id);
    const denied = await callRoute(t, conventionLayout.action, { url: `/convention/${convention.slug}`, params, userId: other.id, form: { intent: 'avatar', avatarId: fileId } });
    expect(denied).toMatchObject({ status: 302, location: `/convention/${convention.slug}`, toast: { type: 'error', key: 'errors:generic' } });
    expect(await t.app.db('users').where({ id: other.id }).first('avatar_id')).toEqual({ avatar_id: null });
    const anonymous = await callRoute(t, conventionLayout.action, { url: `/convention/${convention.slug}`, params, userId: null, form: { intent: 'avatar', avatarId: fileId } });
    expect(anonymous.status).toBe(401);
  });
});
