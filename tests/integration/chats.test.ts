import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatConversation } from '#db/models/index';
import { Package } from '~/lib/features';
import { listMails } from '~/server/mail/outbox.server';
import * as chats from '~/server/services/chats/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createChatConversation, createChatOperator, createChatSettings, createOrganization, createUser } from '../fixtures/factories';

/**
 * Chats (issue 28) through the service and GraphQL: settings and operators, start (logged in and guest), send
 * (length, rate, archived), the views with pagination, the claim race, hand over, archive and reopen, requeue,
 * fair assignment, presence, unread counts, the offline message mail, a lead from a conversation, and who may not
 * (anonymous, another organisation's operator, a member without the chat feature, a visitor reading another's).
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function chatOrg(options: { allowGuests?: boolean; suites?: number } = {}) {
  const org = await createOrganization(t.app.db, { suites: options.suites ?? Package.EVENT | Package.BASIC, chat_enabled: true, email: 'info@org.example' });
  await createChatSettings(t.app.db, { organization_id: org.id, allow_guests: options.allowGuests ?? true });
  const admin = await createChatOperator(t.app.db, { organization_id: org.id, capacity: 2 });
  return { org, admin: admin.user_id };
}

async function operator(orgId: string, overrides: { online?: boolean; capacity?: number } = {}) {
  const op = await createChatOperator(t.app.db, { organization_id: orgId, ...overrides });
  return op.user_id;
}

const ctxOf = (userId: string | null) => t.serviceContext(userId, 'EN');

async function visitor() {
  return (await createUser(t.app.db, { default_language: 'EN' })).id;
}

async function gql<T = Record<string, unknown>>(userId: string | null, query: string, variables: Record<string, unknown> = {}) {
  const headers: Record<string, string> = userId ? { Authorization: `JWT ${await t.accessToken(userId)}` } : {};
  return (await t.graphql<T>(query, variables, { headers })).body as {
    data?: T;
    errors?: { message: string; extensions?: { code?: string } }[];
  };
}

describe('starting and writing', () => {
  it('a logged-in visitor starts a conversation, writes again into the same one, and reads only their own', async () => {
    const { org, admin } = await chatOrg();
    const me = await visitor();
    const started = await chats.startConversation(await ctxOf(me), { organizationId: org.id, body: 'Hallo!', sourcePath: '/convention/x' });
    expect(started.guestToken).toBeNull();
    expect(started.conversation).toMatchObject({ state: 'UNCLAIMED', visitor_user_id: me, source_path: '/convention/x', last_message_body: 'Hallo!' });
    const again = await chats.startConversation(await ctxOf(me), { organizationId: org.id, body: 'Noch da?' });
    expect(again.conversation.id).toBe(started.conversation.id);
    const list = await chats.messages(await ctxOf(me), { conversationId: started.conversation.id });
    expect(list.map((m) => m.body)).toEqual(['Hallo!', 'Noch da?']);
    expect(list[1].seq).toBeGreaterThan(list[0].seq);

    const other = await visitor();
    await expect(chats.conversation(await ctxOf(other), started.conversation.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(chats.messages(await ctxOf(other), { conversationId: started.conversation.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(chats.sendMessage(await ctxOf(other), { conversationId: started.conversation.id, body: 'x' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // the organisation's side reads it
    expect((await chats.conversation(await ctxOf(admin), started.conversation.id)).id).toBe(started.conversation.id);
    const mine = await chats.visitorConversations(await ctxOf(me));
    expect(mine.map((c) => c.id)).toEqual([started.conversation.id]);
    expect(mine[0].organization_name).toBe(org.name);
  });

  it('a guest starts with name and e-mail where guests are allowed, and reads with the token only', async () => {
    const { org } = await chatOrg({ allowGuests: true });
    const anonymous = await ctxOf(null);
    await expect(chats.startConversation(anonymous, { organizationId: org.id, body: 'Hi' })).rejects.toMatchObject({ code: 'REQUIRED' });
    const { conversation, guestToken } = await chats.startConversation(anonymous, { organizationId: org.id, body: 'Hi', guestName: 'Gast', guestEmail: 'gast@x.example' });
    expect(guestToken).toBeTruthy();
    expect(await chats.messages(anonymous, { conversationId: conversation.id, guestToken })).toHaveLength(1);
    await expect(chats.messages(anonymous, { conversationId: conversation.id, guestToken: 'wrong' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(chats.messages(anonymous, { conversationId: conversation.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const sent = await chats.sendMessage(anonymous, { conversationId: conversation.id, body: 'Zweite Frage', guestToken });
    expect(sent).toMatchObject({ sender: 'VISITOR', sender_user_id: null });

    const closed = await chatOrg({ allowGuests: false });
    await expect(chats.startConversation(anonymous, { organizationId: closed.org.id, body: 'Hi', guestName: 'G', guestEmail: 'g@x.example' })).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('refuses empty and too long messages, HTML stays text, a flood is throttled, chat off is refused', async () => {
    const { org } = await chatOrg();
    const me = await visitor();
    const ctx = await ctxOf(me);
    await expect(chats.startConversation(ctx, { organizationId: org.id, body: '   ' })).rejects.toMatchObject({ code: 'INVALID', field: 'body' });
    await expect(chats.startConversation(ctx, { organizationId: org.id, body: 'x'.repeat(4001) })).rejects.toMatchObject({ field: 'body' });
    const { conversation } = await chats.startConversation(ctx, { organizationId: org.id, body: '<b>fett</b>' });
    expect((await chats.messages(ctx, { conversationId: conversation.id }))[0].body).toBe('<b>fett</b>');
    expect((await chats.sendMessage(ctx, { conversationId: conversation.id, body: '€'.repeat(4000) })).body).toHaveLength(4000);
    let throttled: unknown = null;
    for (let i = 0; i < chats.CHAT_RATE_LIMIT.messages + 1 && !throttled; i++) {
      await chats.sendMessage(ctx, { conversationId: conversation.id, body: `m${i}` }).catch((error) => (throttled = error));
    }
    expect(throttled).toMatchObject({ code: 'THROTTLED' });

    const off = await createOrganization(t.app.db, { suites: Package.EVENT, chat_enabled: false });
    await expect(chats.startConversation(ctx, { organizationId: off.id, body: 'Hallo' })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    const noFeature = await createOrganization(t.app.db, { suites: Package.BASIC, chat_enabled: true });
    await expect(chats.startConversation(ctx, { organizationId: noFeature.id, body: 'Hallo' })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });
});

describe('the organisation side', () => {
  it('lists the views with pagination and search; the claim race has one winner', async () => {
    const { org, admin } = await chatOrg();
    const second = await operator(org.id);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { conversation } = await chats.startConversation(await ctxOf(await visitor()), { organizationId: org.id, body: `Frage ${i} Stichwort${i}` });
      ids.push(conversation.id);
    }
    const ctx = await ctxOf(admin);
    const first = await chats.conversations(ctx, { organizationId: org.id, view: 'QUEUE', first: 2 });
    expect(first.items.map((c) => c.id)).toEqual(ids.slice(0, 2));
    const next = await chats.conversations(ctx, { organizationId: org.id, view: 'QUEUE', first: 2, after: first.nextCursor });
    expect(next.items.map((c) => c.id)).toEqual([ids[2]]);
    expect(next.nextCursor).toBeNull();
    expect((await chats.conversations(ctx, { organizationId: org.id, view: 'ALL', search: 'stichwort1' })).items.map((c) => c.id)).toEqual([ids[1]]);
    await expect(chats.conversations(ctx, { organizationId: org.id, after: 'garbage' })).rejects.toMatchObject({ code: 'INVALID', field: 'after' });

    const results = await Promise.allSettled([chats.claim(await ctxOf(admin), ids[0]), chats.claim(await ctxOf(second), ids[0])]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toMatchObject({ code: 'ALREADY_CLAIMED' });
    const row = await ChatConversation.query(t.app.db).findById(ids[0]);
    expect(row?.state).toBe('CLAIMED');
    const winner = row!.operator_user_id!;
    expect((await chats.conversations(await ctxOf(winner), { organizationId: org.id, view: 'MINE' })).items.map((c) => c.id)).toEqual([ids[0]]);
    // the loser cannot write into it; the winner can
    const loser = winner === admin ? second : admin;
    await expect(chats.sendMessage(await ctxOf(loser), { conversationId: ids[0], body: 'Ich?' })).rejects.toMatchObject({ code: 'ALREADY_CLAIMED' });
    expect((await chats.sendMessage(await ctxOf(winner), { conversationId: ids[0], body: 'Gern!' })).sender).toBe('OPERATOR');
  });

  it('hand over (admin only), archive read-only, the visitor reopens it', async () => {
    const { org, admin } = await chatOrg();
    const member = await operator(org.id);
    const sales = await createUser(t.app.db);
    await addMember(t.app.db, org.id, sales.id, { role: 'sales' });
    const me = await visitor();
    const { conversation } = await chats.startConversation(await ctxOf(me), { organizationId: org.id, body: 'Hallo' });
    await chats.claim(await ctxOf(member), conversation.id);
    await expect(chats.handOver(await ctxOf(sales.id), conversation.id, admin)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    const handed = await chats.handOver(await ctxOf(admin), conversation.id, admin);
    expect(handed.operator_user_id).toBe(admin);
    await expect(chats.handOver(await ctxOf(admin), conversation.id, me)).rejects.toMatchObject({ code: 'INVALID', field: 'userId' });

    const archived = await chats.archive(await ctxOf(admin), conversation.id);
    expect(archived.state).toBe('ARCHIVED');
    await expect(chats.sendMessage(await ctxOf(admin), { conversationId: conversation.id, body: 'x' })).rejects.toMatchObject({ code: 'INVALID' });
    expect((await chats.conversations(await ctxOf(admin), { organizationId: org.id, view: 'ARCHIVED' })).items.map((c) => c.id)).toContain(conversation.id);
    await chats.sendMessage(await ctxOf(me), { conversationId: conversation.id, body: 'Noch eine Frage' });
    const reopened = await ChatConversation.query(t.app.db).findById(conversation.id);
    expect(reopened?.state).not.toBe('ARCHIVED');
  });

  it('assigns to the online operator with the fewest open conversations within capacity; requeues unanswered ones', async () => {
    const { org, admin } = await chatOrg();
    const busy = await operator(org.id, { capacity: 1 });
    await chats.setPresence(await ctxOf(busy), { organizationId: org.id, online: true });
    const a = await chats.startConversation(await ctxOf(await visitor()), { organizationId: org.id, body: 'A' });
    expect(a.conversation).toMatchObject({ state: 'CLAIMED', operator_user_id: busy });
    const b = await chats.startConversation(await ctxOf(await visitor()), { organizationId: org.id, body: 'B' });
    expect(b.conversation.state).toBe('UNCLAIMED'); // busy is full, admin offline
    await chats.setPresence(await ctxOf(admin), { organizationId: org.id, online: true });
    expect((await ChatConversation.query(t.app.db).findById(b.conversation.id))?.operator_user_id).toBe(admin);

    // nobody answered A for longer than the requeue time: back to the queue, to someone else
    await ChatConversation.query(t.app.db).findById(a.conversation.id).patch({ awaiting_reply_since: new Date(Date.now() - 6 * 60_000), claimed_at: new Date(Date.now() - 6 * 60_000) });
    await chats.conversations(await ctxOf(admin), { organizationId: org.id, view: 'ALL' });
    expect((await ChatConversation.query(t.app.db).findById(a.conversation.id))?.operator_user_id).toBe(admin);

    const unread = await chats.unreadCounts(await ctxOf(admin), org.id);
    expect(unread.total).toBe(2);
    await chats.markRead(await ctxOf(admin), b.conversation.id, b.conversation.last_seq!);
    expect((await chats.unreadCounts(await ctxOf(admin), org.id)).total).toBe(1);
    await expect(chats.setPresence(await ctxOf(await visitor()), { organizationId: org.id, online: true })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('who may not: anonymous, another organisation, a member without the chat feature, a visitor', async () => {
    const { org, admin } = await chatOrg();
    const otherOrg = await chatOrg();
    const conversation = await createChatConversation(t.app.db, { organization_id: org.id });
    const noFeature = await createOrganization(t.app.db, { suites: Package.BASIC });
    const plain = await createUser(t.app.db);
    await addMember(t.app.db, noFeature.id, plain.id);
    const sameOrgNoFeature = await createOrganization(t.app.db, { suites: Package.BASIC, chat_enabled: true });
    const memberNoFeature = await createUser(t.app.db);
    await addMember(t.app.db, sameOrgNoFeature.id, memberNoFeature.id);

    await expect(chats.conversations(await ctxOf(null), { organizationId: org.id })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(chats.conversations(await ctxOf(otherOrg.admin), { organizationId: org.id })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(chats.conversation(await ctxOf(otherOrg.admin), conversation.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(chats.claim(await ctxOf(otherOrg.admin), conversation.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(chats.conversations(await ctxOf(memberNoFeature.id), { organizationId: sameOrgNoFeature.id })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(chats.chatSettings(await ctxOf(plain.id), noFeature.id)).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    await expect(chats.saveChatSettings(await ctxOf(otherOrg.admin), { organizationId: org.id, enabled: false, operators: [] })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
    });
    expect((await chats.conversation(await ctxOf(admin), conversation.id)).id).toBe(conversation.id);
  });

  it('settings: admins name operators (members only); the widget state follows', async () => {
    const { org, admin } = await chatOrg({ allowGuests: false });
    const member = await createUser(t.app.db);
    await addMember(t.app.db, org.id, member.id);
    const stranger = await createUser(t.app.db);
    await expect(
      chats.saveChatSettings(await ctxOf(admin), { organizationId: org.id, enabled: true, operators: [{ userId: stranger.id, capacity: 3 }] }),
    ).rejects.toMatchObject({ code: 'INVALID', field: 'operators.0.userId' });
    const saved = await chats.saveChatSettings(await ctxOf(admin), {
      organizationId: org.id,
      enabled: true,
      allowGuests: true,
      requeueAfterMinutes: 3,
      operators: [{ userId: admin }, { userId: member.id, capacity: 3 }],
    });
    expect(saved).toMatchObject({ enabled: true, allowGuests: true, requeueAfterMinutes: 3 });
    expect(saved.operators.map((o) => [o.user_id, o.capacity]).sort()).toEqual([[admin, 5], [member.id, 3]].sort());
    expect(await chats.widgetState(await ctxOf(null), { organizationId: org.id })).toMatchObject({ enabled: true, anyOperatorOnline: false, allowGuests: true, externalUrl: null });
    await chats.saveChatSettings(await ctxOf(admin), { organizationId: org.id, enabled: false, supportUrl: 'https://support.example/chat', operators: [] });
    expect(await chats.widgetState(await ctxOf(null), { organizationId: org.id })).toMatchObject({ enabled: false, externalUrl: 'https://support.example/chat' });
  });

  it('offline message: mail to each operator through the outbox; a lead from a conversation', async () => {
    const { org, admin } = await chatOrg({ suites: Package.EVENT | Package.BASIC });
    await chats.leaveOfflineMessage(await ctxOf(null), { organizationId: org.id, name: 'Gast', email: 'gast@x.example', body: 'Bitte rufen Sie zurück' });
    const adminRow = await t.app.db('users').where('id', admin).first('email');
    const mails = (await listMails(t.app.db)).filter((m) => m.to === adminRow.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Bitte rufen Sie zurück');
    const { conversation } = await chats.startConversation(await ctxOf(null), { organizationId: org.id, body: 'Hi', guestName: 'Lea Lead', guestEmail: 'lea@x.example' });
    const lead = await chats.createLeadFromConversation(await ctxOf(admin), conversation.id);
    expect(lead).toMatchObject({ name: 'Lea Lead', email: 'lea@x.example', organization_id: org.id });
    expect((await chats.createLeadFromConversation(await ctxOf(admin), conversation.id)).id).toBe(lead.id);
  });
});

describe('GraphQL', () => {
  const START = `mutation($input: ChatConversationStartInput!) { chatConversationStart(input: $input) { conversation { id state visitorName guest lastMessage lastSeq } guestToken error { code field } } }`;
  const SEND = `mutation($id: ID!, $body: String!, $guestToken: String) { chatMessageSend(conversationId: $id, body: $body, guestToken: $guestToken) { message { id seq sender body } error { code field } } }`;
  const DATA = `query($org: ID!, $view: ChatViewEnum) { chatData(organizationId: $org, view: $view) { items { id state operatorName visitorName } nextCursor } }`;
  const CLAIM = `mutation($id: ID!) { chatConversationClaim(id: $id) { conversation { id state operatorUserId } error { code message } } }`;
  const MESSAGES = `query($id: ID!, $after: Float, $guestToken: String) { chatMessages(conversationId: $id, afterSeq: $after, guestToken: $guestToken) { seq sender body } }`;

  it('every call through the API door, and who may not', async () => {
    const { org, admin } = await chatOrg({ allowGuests: true });
    const second = await operator(org.id);
    const started = await gql<{ chatConversationStart: { conversation: { id: string; lastSeq: number }; guestToken: string } }>(null, START, {
      input: { organizationId: org.id, body: 'Hallo Team', guestName: 'Gast', guestEmail: 'g@x.example' },
    });
    const { conversation, guestToken } = started.data!.chatConversationStart;
    expect(guestToken).toBeTruthy();
    const sent = await gql<{ chatMessageSend: { message: { seq: number } } }>(null, SEND, { id: conversation.id, body: 'Zweite', guestToken });
    expect(sent.data?.chatMessageSend.message.seq).toBeGreaterThan(conversation.lastSeq);
    const resumed = await gql<{ chatMessages: { body: string }[] }>(null, MESSAGES, { id: conversation.id, after: conversation.lastSeq, guestToken });
    expect(resumed.data?.chatMessages.map((m) => m.body)).toEqual(['Zweite']);
    expect((await gql(null, MESSAGES, { id: conversation.id })).errors?.[0].extensions?.code).toBe('NOT_FOUND');

    const queue = await gql<{ chatData: { items: { id: string; visitorName: string }[] } }>(admin, DATA, { org: org.id, view: 'QUEUE' });
    expect(queue.data?.chatData.items).toEqual([expect.objectContaining({ id: conversation.id, visitorName: 'Gast' })]);
    expect((await gql(null, DATA, { org: org.id })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const other = await chatOrg();
    expect((await gql(other.admin, DATA, { org: org.id })).errors?.[0].extensions?.code).toBe('PERMISSION_DENIED');

    const [one, two] = await Promise.all([gql<{ chatConversationClaim: { error: { code: string } | null } }>(admin, CLAIM, { id: conversation.id }), gql<{ chatConversationClaim: { error: { code: string } | null } }>(second, CLAIM, { id: conversation.id })]);
    const errors = [one, two].map((r) => r.data?.chatConversationClaim.error?.code ?? null).sort();
    expect(errors).toEqual(['ALREADY_CLAIMED', null].sort());
    expect((await gql<{ chatConversationClaim: { error: { code: string } } }>(other.admin, CLAIM, { id: conversation.id })).data?.chatConversationClaim.error.code).toBe('NOT_FOUND');

    const settings = await gql<{ chatSettings: { enabled: boolean; operators: { userId: string }[] } }>(admin, `query($org: ID!) { chatSettings(organizationId: $org) { enabled allowGuests operators { userId online capacity openConversations } } }`, { org: org.id });
    expect(settings.data?.chatSettings.enabled).toBe(true);
    expect(settings.data?.chatSettings.operators.map((o) => o.userId).sort()).toEqual([admin, second].sort());
    const widget = await gql<{ chatWidget: { enabled: boolean } }>(null, `query($org: ID!) { chatWidget(organizationId: $org) { enabled anyOperatorOnline allowGuests externalUrl } }`, { org: org.id });
    expect(widget.data?.chatWidget.enabled).toBe(true);
  });
});
