import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '#db/connection';
import { serveSubscriptions, type SubscriptionServer } from '#graphql/subscriptions';
import { Package } from '~/lib/features';
import { createAppServices, createExpressApp } from '~/server/app.server';
import type { AppServices } from '~/server/context.server';
import * as chats from '~/server/services/chats/index';
import { notifyChat } from '~/server/services/chats/fanout';
import { createTestApp, type TestApp } from '../helpers/app';
import { serverUrl, withDatabase } from '../helpers/database';
import { addMember, createChatOperator, createChatSettings, createOrganization, createUser } from '../fixtures/factories';

/**
 * Chats in real time (issue 28): GraphQL subscriptions over graphql-ws on /graphql/ of a started server, with a real
 * WebSocket client: live delivery, resuming after a reconnect without gaps or duplicates, access refused for someone
 * else's conversation, the cookie door's origin rule, conversation changes, and two app instances on one PostgreSQL
 * delivering to each other through LISTEN/NOTIFY.
 */

let t: TestApp;
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestApp({ database: 'postgres' });
});
afterAll(async () => {
  for (const client of clients) await client.dispose();
  await t.close();
});

const wsUrl = (httpUrl: string) => `${httpUrl.replace(/^http/, 'ws')}/graphql/`;

function connect(url: string, init: { token?: string; headers?: Record<string, string> } = {}): Client {
  const headers = init.headers;
  class HeaderSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  const client = createClient({
    url: wsUrl(url),
    webSocketImpl: headers ? HeaderSocket : WebSocket,
    connectionParams: init.token ? { authorization: `JWT ${init.token}` } : undefined,
    retryAttempts: 0,
    lazy: true,
  });
  clients.push(client);
  return client;
}

interface Collected<T> {
  values: T[];
  errors: unknown[];
  /** resolves once `count` values arrived */
  until(count: number): Promise<T[]>;
  failed(): Promise<unknown>;
  stop(): void;
}

function collect<T>(client: Client, query: string, variables: Record<string, unknown>, pick: (data: Record<string, unknown>) => T): Collected<T> {
  const values: T[] = [];
  const errors: unknown[] = [];
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  const stop = client.subscribe<Record<string, unknown>>(
    { query, variables },
    {
      next: (result) => {
        if (result.errors) errors.push(result.errors);
        if (result.data) values.push(pick(result.data));
        wake();
      },
      error: (error) => {
        errors.push(error);
        wake();
      },
      complete: wake,
    },
  );
  const waitFor = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => (done() ? resolve() : waiters.push(check));
      check();
    });
  return {
    values,
    errors,
    until: async (count) => {
      await waitFor(() => values.length >= count || errors.length > 0);
      if (values.length < count) throw new Error(`subscription failed: ${JSON.stringify(errors)}`);
      return values;
    },
    failed: async () => {
      await waitFor(() => errors.length > 0);
      return errors[0];
    },
    stop,
  };
}

const MESSAGES = `subscription($id: ID!, $after: Float, $guestToken: String) {
  chatMessages(conversationId: $id, afterSeq: $after, guestToken: $guestToken) { seq sender body conversationId }
}`;
type Msg = { seq: number; sender: string; body: string };
const pickMessage = (data: Record<string, unknown>) => data.chatMessages as Msg;

async function world() {
  const org = await createOrganization(t.app.db, { suites: Package.EVENT, chat_enabled: true });
  await createChatSettings(t.app.db, { organization_id: org.id, allow_guests: true });
  const operator = (await createChatOperator(t.app.db, { organization_id: org.id })).user_id;
  const visitor = (await createUser(t.app.db, { default_language: 'EN' })).id;
  const { conversation } = await chats.startConversation(await t.serviceContext(visitor), { organizationId: org.id, body: 'Erste Frage' });
  return { org, operator, visitor, conversation };
}

const send = async (userId: string, conversationId: string, body: string) => chats.sendMessage(await t.serviceContext(userId), { conversationId, body });

describe('chatMessages over WebSocket', () => {
  it('delivers live, resumes after a reconnect with what was missed, in order and once', async () => {
    const { operator, visitor, conversation } = await world();
    const token = await t.accessToken(visitor);
    const first = collect(connect(t.url, { token }), MESSAGES, { id: conversation.id, after: 0 }, pickMessage);
    expect((await first.until(1)).map((m) => m.body)).toEqual(['Erste Frage']);
    await send(operator, conversation.id, 'Antwort 1');
    const live = await first.until(2);
    expect(live[1]).toMatchObject({ sender: 'OPERATOR', body: 'Antwort 1' });
    first.stop();

    // offline meanwhile
    await send(operator, conversation.id, 'Antwort 2');
    await send(visitor, conversation.id, 'Danke');
    const resumed = collect(connect(t.url, { token }), MESSAGES, { id: conversation.id, after: live[1].seq }, pickMessage);
    await resumed.until(2);
    await send(operator, conversation.id, 'Antwort 3');
    const all = await resumed.until(3);
    expect(all.map((m) => m.body)).toEqual(['Antwort 2', 'Danke', 'Antwort 3']);
    const seqs = all.map((m) => m.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(new Set(seqs).size).toBe(seqs.length);
    resumed.stop();
  });

  it('many messages at once reach a subscriber exactly once, in order', async () => {
    const { operator, conversation } = await world();
    // resuming after the first message: whatever is sent while the subscription starts is still delivered, once
    const sub = collect(connect(t.url, { token: await t.accessToken(operator) }), MESSAGES, { id: conversation.id, after: conversation.last_seq }, pickMessage);
    const bodies = Array.from({ length: 15 }, (_, i) => `Nachricht ${i}`);
    await Promise.all(bodies.map((body) => send(operator, conversation.id, body)));
    const got = await sub.until(15);
    expect([...got.map((m) => m.body)].sort()).toEqual([...bodies].sort());
    expect(got.map((m) => m.seq)).toEqual([...got.map((m) => m.seq)].sort((a, b) => a - b));
    sub.stop();
  });

  it('refuses a conversation one may not read: another visitor, another organisation, anonymous, a wrong guest token', async () => {
    const { conversation } = await world();
    const stranger = (await createUser(t.app.db)).id;
    const other = await world();
    for (const token of [await t.accessToken(stranger), await t.accessToken(other.operator), undefined]) {
      const sub = collect(connect(t.url, { token }), MESSAGES, { id: conversation.id, after: 0 }, pickMessage);
      expect(JSON.stringify(await sub.failed())).toContain('NOT_FOUND');
      expect(sub.values).toEqual([]);
    }
    const guest = await chats.startConversation(await t.serviceContext(null), { organizationId: other.org.id, body: 'Hi', guestName: 'G', guestEmail: 'g@x.example' });
    const wrong = collect(connect(t.url), MESSAGES, { id: guest.conversation.id, after: 0, guestToken: 'nope' }, pickMessage);
    expect(JSON.stringify(await wrong.failed())).toContain('NOT_FOUND');
    const right = collect(connect(t.url), MESSAGES, { id: guest.conversation.id, after: 0, guestToken: guest.guestToken }, pickMessage);
    expect((await right.until(1))[0].body).toBe('Hi');
    right.stop();
  });

  it('the cookie door: a session from our origin works, another origin is refused at the upgrade', async () => {
    const { visitor, conversation } = await world();
    const cookie = await t.sessionCookie(visitor);
    const ok = collect(connect(t.url, { headers: { cookie, origin: t.url } }), MESSAGES, { id: conversation.id, after: 0 }, pickMessage);
    expect((await ok.until(1))[0].body).toBe('Erste Frage');
    ok.stop();
    const evil = collect(connect(t.url, { headers: { cookie, origin: 'https://evil.example' } }), MESSAGES, { id: conversation.id, after: 0 }, pickMessage);
    await evil.failed();
    expect(evil.values).toEqual([]);
  });
});

describe('chatConversationChanged', () => {
  it('tells the organisation\'s operators of new and claimed conversations, and refuses outsiders', async () => {
    const { org, operator } = await world();
    const query = `subscription($org: ID!) { chatConversationChanged(organizationId: $org) { id state operatorUserId lastMessage } }`;
    const sub = collect(connect(t.url, { token: await t.accessToken(operator) }), query, { org: org.id }, (d) => d.chatConversationChanged as { id: string; state: string });
    const visitor = (await createUser(t.app.db)).id;
    const { conversation } = await chats.startConversation(await t.serviceContext(visitor), { organizationId: org.id, body: 'Neu hier' });
    // the subscription may start listening after the conversation began: its change is announced again (as the next
    // change of it would be) until the operator's subscription shows it
    await expect
      .poll(async () => {
        if (sub.values.length === 0) await notifyChat(t.app.db, { kind: 'conversation', organizationId: org.id, conversationId: conversation.id });
        return sub.values.length;
      })
      .toBeGreaterThan(0);
    const [event] = await sub.until(1);
    expect(event).toMatchObject({ id: conversation.id });
    sub.stop();

    const outsider = (await createUser(t.app.db)).id;
    const otherOrg = await createOrganization(t.app.db, { suites: Package.BASIC });
    await addMember(t.app.db, otherOrg.id, outsider);
    const refused = collect(connect(t.url, { token: await t.accessToken(outsider) }), query, { org: org.id }, (d) => d);
    expect(JSON.stringify(await refused.failed())).toContain('PERMISSION_DENIED');
  });
});

describe('errors on the WebSocket door', () => {
  it('an operator who loses the membership while subscribed gets PERMISSION_DENIED with its code, and nothing more', async () => {
    const { org, operator } = await world();
    const query = `subscription($org: ID!) { chatConversationChanged(organizationId: $org) { id } }`;
    const sub = collect(connect(t.url, { token: await t.accessToken(operator) }), query, { org: org.id }, (d) => d.chatConversationChanged as { id: string });
    const visitor = (await createUser(t.app.db)).id;
    const { conversation } = await chats.startConversation(await t.serviceContext(visitor), { organizationId: org.id, body: 'Noch da?' });
    await expect
      .poll(async () => {
        if (sub.values.length === 0) await notifyChat(t.app.db, { kind: 'conversation', organizationId: org.id, conversationId: conversation.id });
        return sub.values.length;
      })
      .toBeGreaterThan(0);

    await t.app.db('organization_members').where({ organization_id: org.id, user_id: operator }).delete();
    // the stream re-reads the viewer before a delivery (at most every few seconds): changes keep coming until it does
    await expect
      .poll(
        async () => {
          if (sub.errors.length === 0) await notifyChat(t.app.db, { kind: 'conversation', organizationId: org.id, conversationId: conversation.id });
          return sub.errors.length;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBeGreaterThan(0);
    const [failure] = sub.errors as { message: string; extensions?: { code?: string } }[][];
    expect(failure[0].extensions?.code).toBe('PERMISSION_DENIED');
    expect(failure[0].message).not.toMatch(/DomainError|at /);
  });

  it('a subscription refused when it starts carries the code in extensions', async () => {
    const { conversation } = await world();
    const stranger = (await createUser(t.app.db)).id;
    const sub = collect(connect(t.url, { token: await t.accessToken(stranger) }), MESSAGES, { id: conversation.id, after: 0 }, pickMessage);
    const failure = (await sub.failed()) as { extensions?: { code?: string } }[];
    expect(failure[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('the HTTP door\'s request checks on the WebSocket door', () => {
  /** the first (and only) answer to one operation: its data, or the error codes it was refused with */
  const once = (client: Client, query: string, variables: Record<string, unknown> = {}) =>
    new Promise<{ codes: string[]; messages: string[]; data: unknown }>((resolve) => {
      let answer: { codes: string[]; messages: string[]; data: unknown } = { codes: [], messages: [], data: undefined };
      client.subscribe<Record<string, unknown>>(
        { query, variables },
        {
          next: (result) => {
            const errors = (result.errors ?? []) as { message: string; extensions?: { code?: string } }[];
            answer = { codes: errors.map((e) => String(e.extensions?.code)), messages: errors.map((e) => e.message), data: result.data };
          },
          error: (error) => {
            const errors = (Array.isArray(error) ? error : [error]) as { message: string; extensions?: { code?: string } }[];
            resolve({ codes: errors.map((e) => String(e.extensions?.code)), messages: errors.map((e) => e.message), data: undefined });
          },
          complete: () => resolve(answer),
        },
      );
    });

  it('refuses too many aliases, a too deep or too long document and a NUL byte in a literal, in the viewer\'s language, and runs nothing', async () => {
    const user = await createUser(t.app.db, { default_language: 'DE' });
    const client = connect(t.url, { token: await t.accessToken(user.id) });
    const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: persistDefaultLanguage(language: "EN") { language }`);
    const tooMany = await once(client, `mutation { ${aliases.join(' ')} }`);
    expect(tooMany.codes).toEqual(['QUERY_TOO_MANY_ALIASES']);
    expect(tooMany.messages[0]).toBe('Die Abfrage verwendet zu viele Aliase (höchstens 30).');
    expect((await t.app.db('users').where({ id: user.id }).first('default_language')).default_language).toBe('DE');

    const deep = '{ __schema { types { fields { type { fields { type { fields { type { fields { type { fields { type { name } } } } } } } } } } } } }';
    expect((await once(client, deep)).codes).toContain('QUERY_TOO_DEEP');
    expect((await once(client, `{ ${Array.from({ length: 6000 }, () => '__typename').join(' ')} }`)).codes).toEqual(['QUERY_TOO_LONG']);
    expect((await once(client, `{ conventionBySlug(slug: "a\\u0000b") { id } }`)).codes).toEqual(['INVALID']);
    // the same documents again (now from the parse cache) are refused the same way; a good one still runs
    expect((await once(client, `mutation { ${aliases.join(' ')} }`)).codes).toEqual(['QUERY_TOO_MANY_ALIASES']);
    expect((await once(client, `{ conventionBySlug(slug: "a\\u0000b") { id } }`)).codes).toEqual(['INVALID']);
    expect((await once(client, '{ __typename }')).data).toEqual({ __typename: 'Query' });
  });
});

describe('two app instances on one PostgreSQL', () => {
  let second: { app: AppServices; server: Server; url: string; subscriptions: SubscriptionServer };

  beforeAll(async () => {
    const connection = (t.app.db.client as { config: { connection: string | { database: string } } }).config.connection;
    const databaseUrl = typeof connection === 'string' ? connection : withDatabase(serverUrl(), connection.database);
    const app = await createAppServices(t.app.env, createDb({ databaseUrl, pool: { min: 0, max: 3 } }));
    const express = await createExpressApp(app);
    const server: Server = await new Promise((resolve) => {
      const s = express.listen(0, '127.0.0.1', () => resolve(s));
    });
    second = { app, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, subscriptions: serveSubscriptions(app, server) };
  });
  afterAll(async () => {
    for (const client of clients.splice(0)) await client.dispose();
    await second.subscriptions.close();
    await new Promise<void>((resolve) => second.server.close(() => resolve()));
    await second.app.db.destroy();
  });

  it('a message sent through one instance reaches subscribers of the other, both ways', async () => {
    const { operator, visitor, conversation } = await world();
    const onSecond = collect(connect(second.url, { token: await t.accessToken(visitor) }), MESSAGES, { id: conversation.id, after: 0 }, pickMessage);
    const onFirst = collect(connect(t.url, { token: await t.accessToken(operator) }), MESSAGES, { id: conversation.id, after: 0 }, pickMessage);
    await onSecond.until(1);
    await onFirst.until(1);
    // through instance one's GraphQL door
    const viaFirst = await t.graphql(
      `mutation($id: ID!) { chatMessageSend(conversationId: $id, body: "von eins") { message { seq } error { code } } }`,
      { id: conversation.id },
      { headers: { Authorization: `JWT ${await t.accessToken(operator)}` } },
    );
    expect(viaFirst.body.data).toMatchObject({ chatMessageSend: { error: null } });
    expect((await onSecond.until(2))[1].body).toBe('von eins');
    // through instance two's service
    const ctx = { ...(await t.serviceContext(visitor)), app: second.app, db: second.app.db };
    await chats.sendMessage(ctx, { conversationId: conversation.id, body: 'von zwei' });
    expect((await onFirst.until(3)).map((m) => m.body)).toEqual(['Erste Frage', 'von eins', 'von zwei']);
    expect((await onSecond.until(3)).map((m) => m.body)).toEqual(['Erste Frage', 'von eins', 'von zwei']);
  });
});
