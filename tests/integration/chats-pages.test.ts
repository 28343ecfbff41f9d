import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import { navItems } from '~/lib/nav/chats';
import * as consolePage from '~/routes/_console.chats/route';
import * as unreadRoute from '~/routes/_console.chats_.unread';
import * as widgetRoute from '~/routes/chat-widget';
import * as visitorPage from '~/routes/convention.$conventionslug.chats';
import * as chats from '~/server/services/chats';
import { createTestApp, type TestApp } from '../helpers/app';
import { callRoute } from '../helpers/routes';
import { addMember, addStandToHall, createConvention, createHall, createOrganization, createStand, createUser } from '../fixtures/factories';
import { createChatOperator, createChatSettings } from '../fixtures/chats';

/**
 * The pages of chats (issue 28): the console's /chats through its plain forms (no JavaScript), and who may not.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function chatOrganization() {
  const org = await createOrganization(t.app.db, { suites: Package.EVENT | Feature.lead });
  const admin = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, admin.id, { isOwner: true });
  const operator = await createUser(t.app.db, { default_language: 'EN', first_name: 'Olga', last_name: 'Operator' });
  await addMember(t.app.db, org.id, operator.id);
  const sales = await createUser(t.app.db, { default_language: 'EN' });
  await addMember(t.app.db, org.id, sales.id, { role: 'sales' });
  return { org, admin, operator, sales };
}

const post = (userId: string | null, form: Record<string, string | string[]>, url = '/chats') => callRoute(t, consolePage.action, { url, userId, form });
const open = (userId: string | null, url = '/chats') => callRoute(t, consolePage.loader, { url, userId });

async function visitorWrites(organizationId: string, body = 'Hello, do you ship to Austria?') {
  const visitor = await createUser(t.app.db, { default_language: 'EN', first_name: 'Vera', last_name: 'Visitor' });
  const ctx = await t.serviceContext(visitor.id);
  const { conversation } = await chats.startConversation(ctx, { organizationId, sourcePath: '/convention/fair/hall/a/stand/b', body });
  return { visitor, conversation };
}

describe('console /chats', () => {
  it('the sidebar item leads to a page that answers (no 404)', async () => {
    const item = navItems.find((entry) => entry.key === 'chats');
    expect(item).toMatchObject({ to: '/chats', feature: 'chats' });
    const { admin } = await chatOrganization();
    const page = await open(admin.id, item!.to);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ view: 'QUEUE', isAdmin: true, settings: { enabled: false } });
  });

  it('anonymous visitors go to the login; an organisation without the chat feature to /missing-feature', async () => {
    expect(await open(null)).toMatchObject({ status: 302, location: `/login?next=${encodeURIComponent('/chats')}` });
    const org = await createOrganization(t.app.db, { suites: Package.EVENT & ~Feature.chats });
    const user = await createUser(t.app.db);
    await addMember(t.app.db, org.id, user.id, { isOwner: true });
    expect(await open(user.id)).toMatchObject({ status: 302, location: '/missing-feature/chats' });
    expect(await post(user.id, { intent: 'presence', online: 'true' })).toMatchObject({ status: 302, location: '/missing-feature/chats' });
  });

  it('an admin turns chat on with an operator (plain form); a sales user may not change the settings', async () => {
    const { admin, operator, sales } = await chatOrganization();
    const saved = await post(admin.id, {
      intent: 'settings',
      enabled: 'on',
      allowGuests: 'on',
      offlineMessageEnabled: 'on',
      requeueAfterMinutes: '7',
      supportUrl: '',
      operator: [operator.id],
      [`capacity-${operator.id}`]: '3',
    });
    expect(saved).toMatchObject({ status: 302, toast: { type: 'success', key: 'chats:console.settingsSaved' } });
    const page = (await open(admin.id)).data as { settings: { enabled: boolean; allowGuests: boolean; requeueAfterMinutes: number; operators: { userId: string; capacity: number }[] } };
    expect(page.settings).toMatchObject({ enabled: true, allowGuests: true, requeueAfterMinutes: 7, operators: [{ userId: operator.id, capacity: 3 }] });

    const bad = await post(admin.id, { intent: 'settings', enabled: 'on', requeueAfterMinutes: '0', supportUrl: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain('requeueAfterMinutes');

    const refused = await post(sales.id, { intent: 'settings', enabled: '', requeueAfterMinutes: '5', supportUrl: '' });
    expect(refused.status).not.toBe(200);
    expect(refused.toast?.key).not.toBe('chats:console.settingsSaved');
    expect((await open(admin.id)).data).toMatchObject({ settings: { enabled: true } });
  });

  it('an operator goes online, claims, answers and archives without JavaScript; the visitor context shows', async () => {
    const { org, admin, operator } = await chatOrganization();
    await post(admin.id, { intent: 'settings', enabled: 'on', offlineMessageEnabled: 'on', requeueAfterMinutes: '5', supportUrl: '', operator: [admin.id, operator.id] });
    expect(await post(operator.id, { intent: 'presence', online: 'true' })).toMatchObject({ status: 302, toast: { key: 'chats:console.nowOnline' } });
    const { conversation } = await visitorWrites(org.id);

    const queue = (await open(admin.id)).data as { conversations: { id: string; state: string; visitorName: string }[] };
    const listed = queue.conversations.find((c) => c.id === conversation.id);
    // the only online operator may have been assigned it at once; either way it is listed in "all"
    const all = (await open(admin.id, '/chats?view=ALL')).data as { conversations: { id: string; visitorName: string }[] };
    expect(all.conversations.find((c) => c.id === conversation.id)).toMatchObject({ visitorName: 'Vera Visitor' });
    if (listed) expect(listed.state).toBe('UNCLAIMED');

    const claimed = await post(operator.id, { intent: 'claim', id: conversation.id }, `/chats?c=${conversation.id}`);
    expect(claimed).toMatchObject({ status: 302, location: `/chats?c=${conversation.id}` });

    const replied = await post(operator.id, { intent: 'reply', id: conversation.id, body: 'Yes, we do: https://example.com/shipping' });
    expect(replied).toMatchObject({ status: 302, location: `/chats?c=${conversation.id}#chat-bottom` });
    const detail = (await open(operator.id, `/chats?view=MINE&c=${conversation.id}`)).data as {
      open: { state: string; sourcePath: string; messages: { sender: string; body: string }[] };
      conversations: { id: string }[];
    };
    expect(detail.open).toMatchObject({ state: 'CLAIMED', sourcePath: '/convention/fair/hall/a/stand/b' });
    expect(detail.open.messages.map((m) => m.sender)).toEqual(['VISITOR', 'OPERATOR']);
    expect(detail.conversations.map((c) => c.id)).toContain(conversation.id);

    // the admin writing into the operator's conversation is told who has it
    const taken = await post(admin.id, { intent: 'reply', id: conversation.id, body: 'me too' });
    expect(taken.status).toBe(400);
    expect(JSON.stringify(taken.data)).toContain('Olga Operator');

    const empty = await post(operator.id, { intent: 'reply', id: conversation.id, body: '   ' });
    expect(empty.status).toBe(400);

    expect(await post(operator.id, { intent: 'createLead', id: conversation.id })).toMatchObject({ status: 302, toast: { type: 'success', key: 'chats:console.leadCreated' } });
    expect(await post(operator.id, { intent: 'archive', id: conversation.id })).toMatchObject({ status: 302, toast: { key: 'chats:console.archived' } });
    const archived = (await open(operator.id, `/chats?view=ARCHIVED&q=Austria&c=${conversation.id}`)).data as { conversations: { id: string }[]; open: { state: string; leadId: string | null } };
    expect(archived.conversations.map((c) => c.id)).toEqual([conversation.id]);
    expect(archived.open.state).toBe('ARCHIVED');
    expect(archived.open.leadId).toBeTruthy();
    const readOnly = await post(operator.id, { intent: 'reply', id: conversation.id, body: 'late' });
    expect(readOnly.status).toBe(400);
  });

  it('an admin hands a conversation over; a sales user may not', async () => {
    const { org, admin, operator, sales } = await chatOrganization();
    await post(admin.id, { intent: 'settings', enabled: 'on', offlineMessageEnabled: 'on', requeueAfterMinutes: '5', supportUrl: '', operator: [admin.id, operator.id] });
    const { conversation } = await visitorWrites(org.id);
    const refused = await post(sales.id, { intent: 'handOver', id: conversation.id, userId: admin.id });
    expect(refused.status).toBe(302);
    expect(refused.toast?.type).not.toBe('success');
    const given = await post(admin.id, { intent: 'handOver', id: conversation.id, userId: operator.id });
    expect(given).toMatchObject({ status: 302, toast: { type: 'success', key: 'chats:console.handedOver' } });
    const mine = (await open(operator.id, '/chats?view=MINE')).data as { conversations: { id: string }[] };
    expect(mine.conversations.map((c) => c.id)).toContain(conversation.id);
  });

  it("another organisation's member sees nothing of the conversation and cannot act on it", async () => {
    const { org, admin } = await chatOrganization();
    await post(admin.id, { intent: 'settings', enabled: 'on', offlineMessageEnabled: 'on', requeueAfterMinutes: '5', supportUrl: '', operator: [admin.id] });
    const { conversation } = await visitorWrites(org.id);
    const other = await chatOrganization();
    expect((await open(other.admin.id, `/chats?c=${conversation.id}`)).status).toBe(404);
    expect(await post(other.admin.id, { intent: 'claim', id: conversation.id })).toMatchObject({ status: 302, toast: { type: 'error' } });
    const reply = await post(other.admin.id, { intent: 'reply', id: conversation.id, body: 'hi' });
    expect(reply.status).toBe(404);
    const list = (await open(other.admin.id, '/chats?view=ALL')).data as { conversations: unknown[] };
    expect(list.conversations).toEqual([]);
  });

  it("the sidebar item carries the viewer's unread count (/chats/unread)", async () => {
    expect(navItems.find((entry) => entry.key === 'chats')).toMatchObject({ badge: 'chatUnread' });
    const { org, admin } = await chatOrganization();
    await post(admin.id, { intent: 'settings', enabled: 'on', offlineMessageEnabled: 'on', requeueAfterMinutes: '5', supportUrl: '', operator: [admin.id] });
    expect((await callRoute(t, unreadRoute.loader, { url: '/chats/unread', userId: admin.id })).data).toEqual({ total: 0 });
    await visitorWrites(org.id, 'First question');
    expect((await callRoute(t, unreadRoute.loader, { url: '/chats/unread', userId: admin.id })).data).toEqual({ total: 1 });
    expect((await open(admin.id)).data).toMatchObject({ unread: { total: 1 } });
    expect(await callRoute(t, unreadRoute.loader, { url: '/chats/unread', userId: null })).toMatchObject({ status: 302 });
  });

  it('an unknown intent or a malformed id is a 400, never a 500', async () => {
    const { admin } = await chatOrganization();
    expect((await post(admin.id, { intent: 'explode' })).status).toBe(400);
    expect((await post(admin.id, { intent: 'claim', id: 'nope' })).status).toBe(400);
    expect((await open(admin.id, '/chats?after=garbage&view=ALL')).status).toBe(200);
  });
});

/** A convention with a hall and a stand of an exhibitor whose chat is on (guests allowed), with an online operator. */
async function fairWithChat(options: { online?: boolean; allowGuests?: boolean; chatUrl?: string } = {}) {
  const host = await createOrganization(t.app.db, { suites: Package.EVENT });
  const convention = await createConvention(t.app.db, { organization_id: host.id });
  const hall = await createHall(t.app.db, { conventionId: convention.id });
  const { org, admin } = await chatOrganization();
  await t.app.db('organizations').where({ id: org.id }).update({ chat_enabled: true });
  await createChatSettings(t.app.db, { organization_id: org.id, allow_guests: options.allowGuests ?? true });
  await createChatOperator(t.app.db, { organization_id: org.id, user_id: admin.id, online: options.online ?? true });
  const stand = await createStand(t.app.db, { organization_id: org.id, chat_url: options.chatUrl ?? '' });
  await addStandToHall(t.app.db, { hall_id: hall.id, stand_id: stand.id });
  const path = `/convention/${convention.slug}/hall/${hall.slug}/stand/${stand.slug}`;
  return { convention, hall, stand, org, admin, path };
}

const widget = (userId: string | null, path: string) => callRoute(t, widgetRoute.loader, { url: `/chat-widget?path=${encodeURIComponent(path)}`, userId });
const widgetPost = (userId: string | null, form: Record<string, string>) => callRoute(t, widgetRoute.action, { url: '/chat-widget', userId, form });

describe('the chat widget (/chat-widget)', () => {
  it("says whom a stand's chat reaches and what it shows; pages without a chat and foreign paths get nothing", async () => {
    const fair = await fairWithChat();
    const page = await widget(null, fair.path);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ available: true, organizationId: fair.org.id, standId: fair.stand.id, conventionId: fair.convention.id, widget: { enabled: true, anyOperatorOnline: true, allowGuests: true }, viewer: null });
    expect((await widget(null, '/login')).data).toEqual({ available: false });
    expect((await widget(null, 'https://evil.example/convention/x')).data).toEqual({ available: false });
    expect((await widget(null, '/convention/no-such-fair')).data).toEqual({ available: false });
    const external = await fairWithChat({ chatUrl: 'https://chat.example/stand' });
    expect((await widget(null, external.path)).data).toMatchObject({ widget: { externalUrl: 'https://chat.example/stand' } });
  });

  it('a guest starts a conversation and writes on with the token; a stranger without it cannot', async () => {
    const fair = await fairWithChat();
    const started = await widgetPost(null, { intent: 'start', path: fair.path, body: 'Hello from the stand', guestName: 'Gina Guest', guestEmail: 'gina@example.com' });
    expect(started.status).toBe(200);
    const answer = started.data as { ok: boolean; conversationId: string; guestToken: string; message: { seq: number; body: string; sender: string } };
    expect(answer).toMatchObject({ ok: true, message: { body: 'Hello from the stand', sender: 'VISITOR' } });
    expect(answer.guestToken).toBeTruthy();
    const more = await widgetPost(null, { intent: 'send', conversationId: answer.conversationId, guestToken: answer.guestToken, body: 'Still there?' });
    expect(more.data).toMatchObject({ ok: true, message: { body: 'Still there?' } });
    expect((more.data as { message: { seq: number } }).message.seq).toBeGreaterThan(answer.message.seq);
    const stranger = await widgetPost(null, { intent: 'send', conversationId: answer.conversationId, body: 'hijack' });
    expect(stranger).toMatchObject({ status: 404, data: { ok: false, code: 'NOT_FOUND' } });
    const conversation = await t.app.db('chat_conversations').where({ id: answer.conversationId }).first();
    expect(conversation).toMatchObject({ stand_id: fair.stand.id, convention_id: fair.convention.id, source_path: fair.path, guest_name: 'Gina Guest' });
  });

  it('guests need name and e-mail, and none where guests are not allowed; an empty message is refused', async () => {
    const fair = await fairWithChat();
    const nameless = await widgetPost(null, { intent: 'start', path: fair.path, body: 'Hi' });
    expect(nameless.status).toBe(400);
    expect(await widgetPost(null, { intent: 'start', path: fair.path, body: '   ', guestName: 'G', guestEmail: 'g@example.com' })).toMatchObject({ status: 400, data: { ok: false } });
    const closed = await fairWithChat({ allowGuests: false });
    const refused = await widgetPost(null, { intent: 'start', path: closed.path, body: 'Hi', guestName: 'G', guestEmail: 'g@example.com' });
    expect(refused.status).toBe(401);
    expect(await t.app.db('chat_conversations').where({ organization_id: closed.org.id }).count('* as n').first()).toMatchObject({ n: 0 });
  });

  it('with nobody online a visitor leaves a message, which goes to the operators by mail', async () => {
    const fair = await fairWithChat({ online: false });
    expect((await widget(null, fair.path)).data).toMatchObject({ widget: { anyOperatorOnline: false, offlineMessageEnabled: true } });
    const left = await widgetPost(null, { intent: 'offline', path: fair.path, name: 'Olaf Offline', email: 'olaf@example.com', body: 'Please call me back.' });
    expect(left).toMatchObject({ status: 200, data: { ok: true } });
    const mails = await t.app.db('outbox').whereRaw("payload->>'to' = ?", [fair.admin.email]).select('payload');
    expect(JSON.stringify(mails)).toContain('Olaf Offline');
  });
});

describe('/convention/{slug}/chats', () => {
  it("lists the logged-in visitor's conversations of the convention and answers without JavaScript", async () => {
    const fair = await fairWithChat();
    const visitor = await createUser(t.app.db, { default_language: 'EN' });
    const started = await widgetPost(visitor.id, { intent: 'start', path: fair.path, body: 'Question from a member' });
    const { conversationId } = started.data as { conversationId: string };
    const url = `/convention/${fair.convention.slug}/chats`;
    const params = { conventionslug: fair.convention.slug };
    const page = await callRoute(t, visitorPage.loader, { url, userId: visitor.id, params });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ loggedIn: true, conversations: [{ id: conversationId, lastMessage: 'Question from a member' }], open: { id: conversationId } });

    const sent = await callRoute(t, visitorPage.action, { url, userId: visitor.id, params, form: { intent: 'send', conversationId, body: 'And one more thing' } });
    expect(sent).toMatchObject({ status: 302, location: `${url}?c=${conversationId}` });
    const again = (await callRoute(t, visitorPage.loader, { url: `${url}?c=${conversationId}`, userId: visitor.id, params })).data as { open: { messages: { body: string }[] } };
    expect(again.open.messages.map((m) => m.body)).toEqual(['Question from a member', 'And one more thing']);

    // someone else sees none of it, and cannot write into it
    const other = await createUser(t.app.db, { default_language: 'EN' });
    expect((await callRoute(t, visitorPage.loader, { url, userId: other.id, params })).data).toMatchObject({ conversations: [], open: null });
    expect((await callRoute(t, visitorPage.loader, { url: `${url}?c=${conversationId}`, userId: other.id, params })).status).toBe(404);
    expect((await callRoute(t, visitorPage.action, { url, userId: other.id, params, form: { intent: 'send', conversationId, body: 'x' } })).status).toBe(404);
    // anonymous: the login, nothing personal
    expect((await callRoute(t, visitorPage.loader, { url, userId: null, params })).data).toMatchObject({ loggedIn: false, conversations: [] });
  });
});

describe('the demo seed', () => {
  it('turns chat on for the demo organisation with an operator, a waiting visitor and archived conversations', async () => {
    const { seedDemo } = await import('~/server/seed/demo');
    await seedDemo(t.app.db, { force: true });
    const anna = await t.app.db('users').where({ email: 'admin@demo.example' }).first('id');
    const archived = (await open(anna.id, '/chats?view=ARCHIVED')).data as { settings: { enabled: boolean; operators: { name: string }[] }; conversations: { state: string; lastMessage: string }[] };
    expect(archived.settings.enabled).toBe(true);
    expect(archived.settings.operators.map((o) => o.name)).toEqual(['Anna Aussteller']);
    expect(archived.conversations.length).toBeGreaterThanOrEqual(3);
    expect(archived.conversations.every((c) => c.state === 'ARCHIVED' && c.lastMessage)).toBe(true);
    const queue = (await open(anna.id, '/chats')).data as { conversations: { visitorName: string }[] };
    expect(queue.conversations.map((c) => c.visitorName)).toContain('Emma Johansson');
    // the whole demo seed runs inside the test: on a loaded 2-core CI machine it can take most of the default 30 s
  }, 120_000);
});
