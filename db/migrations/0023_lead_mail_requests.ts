import type { Knex } from 'knex';
import { baseColumns } from './0001_foundation';

/**
 * The public lead form's information mail asked for by someone not logged in (issue 24 item 2): each request, its
 * outcome and, while it waits, the hash of its confirmation token. A request is PENDING until the address confirms
 * it (then CONFIRMED, and the information mail goes out), or was refused by a limit (THROTTLED_ADDRESS,
 * THROTTLED_CLIENT), which the organisation sees in its leads console. The client is kept only as a keyed hash.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('lead_mail_requests', (t) => {
    baseColumns(knex, t);
    t.uuid('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.uuid('lead_id').nullable().references('leads.id').onDelete('CASCADE');
    t.uuid('form_id').nullable().references('lead_forms.id').onDelete('SET NULL');
    t.string('email', 254).notNullable();
    t.string('client_hash', 64).notNullable();
    t.string('status', 20).notNullable();
    t.string('token_hash', 64).nullable().unique();
    t.timestamp('confirmed_at', { useTz: true }).nullable();
  });
  await knex.raw(
    "alter table lead_mail_requests add constraint lead_mail_requests_status_chk check (status in ('PENDING','CONFIRMED','THROTTLED_ADDRESS','THROTTLED_CLIENT'))",
  );
  await knex.raw('create index lead_mail_requests_email_idx on lead_mail_requests (lower(email), created_at)');
  await knex.raw('create index lead_mail_requests_client_idx on lead_mail_requests (client_hash, created_at)');
  await knex.raw('create index lead_mail_requests_org_idx on lead_mail_requests (organization_id, created_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('lead_mail_requests');
}
