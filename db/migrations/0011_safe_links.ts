import type { Knex } from 'knex';

/**
 * Links saved before one URL rule existed (app/lib/url.ts) could hold `javascript:`, `data:` and other schemes.
 * Every stored link that is not an http(s) address (or, for foyer points, a mailto: address) is cleared: text
 * columns become '', nullable ones NULL. A foyer point whose only target was such a link has nothing left to
 * point at (the table's check needs a link for LINK points) and is deleted. The patterns are frozen here on
 * purpose: a later change of the rule must not change what this migration did.
 */

/** White space, control and invisible formatting characters (the same set the rule refuses). */
const UNSAFE_CHARACTERS = '[[:space:][:cntrl:]\u0080-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]';
/** http(s)://host with no user name or password before the host, then a path, query or fragment, or the end. */
const WEB = '^https?://[^/?#\\\\@[:space:]]+([/?#\\\\]|$)';
const MAILTO = '^mailto:[^@/?#[:space:]]+@[^@/?#[:space:]]+(\\?|$)';

const LINK_COLUMNS: { table: string; column: string; cleared: '' | null }[] = [
  { table: 'organizations', column: 'support_url', cleared: '' },
  { table: 'organizations', column: 'homepage_url', cleared: '' },
  { table: 'organizations', column: 'data_privacy_url', cleared: '' },
  { table: 'conventions', column: 'video', cleared: '' },
  { table: 'stages', column: 'stream', cleared: '' },
  { table: 'exhibitions', column: 'video', cleared: '' },
  { table: 'exhibitions', column: 'meeting', cleared: '' },
  { table: 'base_stands', column: 'shop_url', cleared: '' },
  { table: 'base_stands', column: 'chat_url', cleared: '' },
  { table: 'stand_nodes', column: 'iframe', cleared: null },
];

/** A where clause (with its bindings) for a column holding a value that is not a safe link. */
function unsafe(column: string, mailto: boolean): [string, string[]] {
  const safe = mailto ? `((?? ~* ? or ?? ~* ?) and ?? !~ ?)` : `(?? ~* ? and ?? !~ ?)`;
  const bindings = mailto ? [column, WEB, column, MAILTO, column, UNSAFE_CHARACTERS] : [column, WEB, column, UNSAFE_CHARACTERS];
  return [`?? <> '' and not ${safe}`, [column, ...bindings]];
}

export async function up(knex: Knex): Promise<void> {
  for (const { table, column, cleared } of LINK_COLUMNS) {
    const [sql, bindings] = unsafe(column, false);
    await knex(table)
      .whereNotNull(column)
      .whereRaw(sql, bindings)
      .update({ [column]: cleared });
  }
  const [sql, bindings] = unsafe('link', true);
  await knex('foyer_points').where({ target_type: 'LINK' }).whereNotNull('link').whereRaw(sql, bindings).delete();
  await knex('foyer_points').whereNot({ target_type: 'LINK' }).whereNotNull('link').whereRaw(sql, bindings).update({ link: null });
}

/** Cleared links cannot come back. */
export async function down(): Promise<void> {}
