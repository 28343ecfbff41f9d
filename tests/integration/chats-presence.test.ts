import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatConversation, ChatOperator } from '#db/models/index';
import { Package } from '~/lib/features';
import type { AppServices } from '~/server/context.server';
import * as chats from '~/server/services/chats/index';
import { createTestApp, type TestApp } from '../helpers/app';
import { createChatOperator, createChatSettings, createOrganization, createUser } from '../fixtures/factories';

/**
 * Chats (issue 28) beyond one request: operators go offline when their last window closes on every app instance
 * (not per process), a crashed instance's windows are swept, and the chat job puts unanswered conversations back into
 * the queue without anybody reading the organisation's conversations. Two instances are two AppServices on the same
 * database, each with its own instance id.
 */

let t: TestApp;
let second: AppServices;

beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
  second = { ...t.app };
  chats.setWindowGrace(t.app, 0);
  chats.setWindowGrace(second, 0);
});
afterAll(async () => {
  await t.close();
});

async function onlineOperator() {
  const org = await createOrganization(t.app.db, { suites: Package.EVENT | Package.BASIC, chat_enabled: true });
  await createChatSettings(t.app.db, { organization_id: org.id, allow_guests: true });
  const operator = (await createChatOperator(t.app.db, { organization_id: org.id })).user_id;
  await chats.setPresence(await t.serviceContext(operator, 'EN'), { organizationId: org.id, online: true });
  return { org, operator };
}

const isOnline = async (organizationId: string, userId: string) =>
  (await ChatOperator.query(t.app.db).findOne({ organization_id: organizationId, user_id: userId }))!.online;

describe('operator presence across app instances', () => {
  it('stays online while another instance still has a window, and goes offline when the last one closes', async () => {
    const { org, operator } = await onlineOperator();
    expect(chats.windowInstanceId(t.app)).not.toBe(chats.windowInstanceId(second));
    const onFirst = chats.openWindow(t.app, org.id, operator);
    const onSecond = chats.openWindow(second, org.id, operator);
    const alsoOnFirst = chats.openWindow(t.app, org.id, operator);
    await Promise.all([chats.settleWindows(t.app), chats.settleWindows(second)]);
    expect(await t.app.db('chat_operator_windows').where({ organization_id: org.id, user_id: operator }).count({ n: '*' }).first()).toEqual({ n: 2 });

    onFirst();
    await chats.settleWindows(t.app);
    expect(await isOnline(org.id, operator)).toBe(true); // a second window in the same instance
    alsoOnFirst();
    alsoOnFirst(); // closing twice counts once
    await chats.settleWindows(t.app);
    expect(await isOnline(org.id, operator)).toBe(true); // the other instance still has one

    onSecond();
    await chats.settleWindows(second);
    expect(await isOnline(org.id, operator)).toBe(false);
    expect(await t.app.db('chat_operator_windows').where({ organization_id: org.id, user_id: operator })).toEqual([]);
  });

  it('a crashed instance\'s windows are swept: its operators go offline, live ones stay online', async () => {
    const crashed = await onlineOperator();
    const alive = await onlineOperator();
    chats.openWindow(second, crashed.org.id, crashed.operator);
    chats.openWindow(t.app, alive.org.id, alive.operator);
    await Promise.all([chats.settleWindows(t.app), chats.settleWindows(second)]);
    // the instance stopped refreshing its rows long ago
    await t.app
      .db('chat_operator_windows')
      .where({ instance_id: chats.windowInstanceId(second) })
      .update({ seen_at: t.app.db.raw(`now() - make_interval(secs => ?)`, [chats.WINDOW_STALE_SECONDS + 30]) });

    const result = await chats.runChatJob(t.app);
    expect(result.offline).toBeGreaterThanOrEqual(1);
    expect(await isOnline(crashed.org.id, crashed.operator)).toBe(false);
    expect(await isOnline(alive.org.id, alive.operator)).toBe(true);
    expect(await t.app.db('chat_operator_windows').where({ instance_id: chats.windowInstanceId(second) })).toEqual([]);
    // the job refreshed the live instance's row
    const [row] = await t.app.db('chat_operator_windows').where({ organization_id: alive.org.id, user_id: alive.operator });
    expect(Date.now() - new Date(row.seen_at).getTime()).toBeLessThan(chats.WINDOW_STALE_SECONDS * 1000);
  });

  it('an operator set offline by hand is not touched, and one without windows stays as set', async () => {
    const { org, operator } = await onlineOperator();
    await chats.runChatJob(t.app);
    expect(await isOnline(org.id, operator)).toBe(true); // online by hand, no window ever opened: as set
    await chats.setPresence(await t.serviceContext(operator, 'EN'), { organizationId: org.id, online: false });
    const close = chats.openWindow(t.app, org.id, operator);
    close();
    await chats.settleWindows(t.app);
    expect(await isOnline(org.id, operator)).toBe(false);
  });
});

describe('the chat job', () => {
  it('requeues a conversation nobody answered in time and gives it to another online operator, without a read', async () => {
    const { org, operator: first } = await onlineOperator();
    const visitor = (await createUser(t.app.db, { default_language: 'EN' })).id;
    const { conversation } = await chats.startConversation(await t.serviceContext(visitor, 'EN'), { organizationId: org.id, body: 'Hallo?' });
    expect(conversation).toMatchObject({ state: 'CLAIMED', operator_user_id: first });
    const other = (await createChatOperator(t.app.db, { organization_id: org.id })).user_id;
    await chats.setPresence(await t.serviceContext(other, 'EN'), { organizationId: org.id, online: true });
    // not overdue yet: the job leaves it
    await chats.runChatJob(t.app);
    expect((await ChatConversation.query(t.app.db).findById(conversation.id))?.operator_user_id).toBe(first);

    const past = new Date(Date.now() - 6 * 60_000);
    await ChatConversation.query(t.app.db).findById(conversation.id).patch({ awaiting_reply_since: past, claimed_at: past });
    const result = await chats.runChatJob(t.app);
    expect(result.requeued).toBeGreaterThanOrEqual(1);
    expect(await ChatConversation.query(t.app.db).findById(conversation.id)).toMatchObject({ state: 'CLAIMED', operator_user_id: other });
  });

  it('two instances running the job at once requeue a conversation once', async () => {
    const { org } = await onlineOperator();
    const visitor = (await createUser(t.app.db, { default_language: 'EN' })).id;
    const { conversation } = await chats.startConversation(await t.serviceContext(visitor, 'EN'), { organizationId: org.id, body: 'Jemand da?' });
    const past = new Date(Date.now() - 6 * 60_000);
    await ChatConversation.query(t.app.db).findById(conversation.id).patch({ awaiting_reply_since: past, claimed_at: past });
    const [a, b] = await Promise.all([chats.runChatJob(t.app), chats.runChatJob(second)]);
    expect(a.requeued + b.requeued).toBeGreaterThanOrEqual(1);
    // the only operator just had it: it waits in the queue for someone else
    expect(await ChatConversation.query(t.app.db).findById(conversation.id)).toMatchObject({ state: 'UNCLAIMED', operator_user_id: null });
  });
});
