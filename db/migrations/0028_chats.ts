import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

/**
 * Chats (issue 28; spec 000 points 2-4, 001 points 6-7): an organisation's chat settings and operators, the
 * conversations visitors start (UNCLAIMED in the queue, CLAIMED by an operator, ARCHIVED read-only), their messages
 * with a strictly increasing `seq` (the cursor clients resume from) and each reader's last read `seq` (unread counts).
 * A guest reads their own conversation with a secret whose hash is kept (`guest_token_hash`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('chat_settings', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().unique().references('organizations.id').onDelete('CASCADE');
    t.boolean('allow_guests').notNullable().defaultTo(false);
    t.integer('requeue_after_minutes').notNullable().defaultTo(5);
    t.boolean('offline_message_enabled').notNullable().defaultTo(true);
  });
  await knex.raw('alter table chat_settings add constraint chat_settings_requeue_chk check (requeue_after_minutes between 1 and 1440)');

  await knex.schema.createTable('chat_operators', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.integer('capacity').notNullable().defaultTo(5);
    t.boolean('online').notNullable().defaultTo(false);
    t.timestamp('last_seen_at', { useTz: true }).nullable();
    t.boolean('notify_sound').notNullable().defaultTo(false);
    t.boolean('notify_browser').notNullable().defaultTo(false);
    t.unique(['organization_id', 'user_id']);
  });
  await knex.raw('alter table chat_operators add constraint chat_operators_capacity_chk check (capacity between 1 and 100)');

  await knex.schema.createTable('chat_conversations', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.string('state', 10).notNullable().defaultTo('UNCLAIMED');
    t.uuid('operator_user_id').nullable().references('users.id').onDelete('SET NULL');
    t.uuid('visitor_user_id').nullable().references('users.id').onDelete('SET NULL');
    t.string('guest_name', 200).nullable();
    t.string('guest_email', 254).nullable();
    t.string('guest_token_hash', 64).nullable().unique();
    t.uuid('convention_id').nullable().references('conventions.id').onDelete('SET NULL');
    t.uuid('stand_id').nullable().references('base_stands.id').onDelete('SET NULL');
    t.string('source_path', 2000).notNullable().defaultTo('');
    t.uuid('lead_id').nullable().references('leads.id').onDelete('SET NULL');
    t.timestamp('last_message_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // the oldest visitor message no operator has answered yet (null: nothing waits); the requeue rule reads it
    t.timestamp('awaiting_reply_since', { useTz: true }).nullable();
    t.timestamp('claimed_at', { useTz: true }).nullable();
    t.timestamp('archived_at', { useTz: true }).nullable();
  });
  await knex.raw("alter table chat_conversations add constraint chat_conversations_state_chk check (state in ('UNCLAIMED','CLAIMED','ARCHIVED'))");
  await knex.raw('create index chat_conversations_org_state_idx on chat_conversations (organization_id, state, last_message_at desc, id)');
  await knex.raw('create index chat_conversations_operator_idx on chat_conversations (operator_user_id, state)');
  await knex.raw('create index chat_conversations_visitor_idx on chat_conversations (visitor_user_id, organization_id)');

  await knex.schema.createTable('chat_messages', (t) => {
    baseColumns(knex, t);
    t.uuid('conversation_id').notNullable().references('chat_conversations.id').onDelete('CASCADE');
    t.string('sender', 10).notNullable();
    t.uuid('sender_user_id').nullable().references('users.id').onDelete('SET NULL');
    t.text('body').notNullable();
  });
  // the cursor: strictly increasing over all messages; per conversation it also follows the commit order, because
  // a message is written while its conversation's row is locked (messages.ts)
  await knex.raw('alter table chat_messages add column seq bigint generated always as identity');
  await knex.raw("alter table chat_messages add constraint chat_messages_sender_chk check (sender in ('VISITOR','OPERATOR','SYSTEM'))");
  await knex.raw('alter table chat_messages add constraint chat_messages_body_chk check (char_length(body) between 1 and 4000)');
  await knex.raw('create unique index chat_messages_conversation_seq_idx on chat_messages (conversation_id, seq)');
  await knex.raw('create index chat_messages_sender_idx on chat_messages (sender_user_id, created_at) where sender_user_id is not null');

  await knex.schema.createTable('chat_reads', (t) => {
    baseColumns(knex, t);
    t.uuid('conversation_id').notNullable().references('chat_conversations.id').onDelete('CASCADE');
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('last_read_seq').notNullable().defaultTo(0);
    t.unique(['conversation_id', 'user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['chat_reads', 'chat_messages', 'chat_conversations', 'chat_operators', 'chat_settings']) {
    await knex.schema.dropTableIfExists(table);
  }
}
