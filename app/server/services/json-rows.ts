/**
 * Related rows fetched in the same statement as their parents, as JSON (a visitor page reads each level of
 * convention, hall and stand with one statement; the per-request loaders are primed with the rows it brings).
 * JSON has no timestamps: the columns named `*_at` and `*_date` (all timestamps in our schema) become Dates again,
 * so a row from JSON is the same object as one the driver returns.
 */

export type JsonRow = Record<string, unknown>;

export function revived<T>(json: JsonRow): T {
  const row: JsonRow = {};
  for (const [key, value] of Object.entries(json)) {
    row[key] = typeof value === 'string' && /_(at|date)$/.test(key) ? new Date(value) : value;
  }
  return row as T;
}

export function revivedRows<T>(json: unknown): T[] {
  return Array.isArray(json) ? json.map((row) => revived<T>(row as JsonRow)) : [];
}

/** The row without the JSON columns a query added to it (their names start with `_`). */
export function ownColumns<T>(row: JsonRow): T {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith('_'))) as T;
}

/** SQL: the rows of a subquery as a JSON array (`[]` when none); `select` yields one JSON value per row. */
export const jsonArray = (select: string, from: string, orderBy: string) =>
  `coalesce((select json_agg(${select} order by ${orderBy}) ${from}), '[]'::json)`;

/** SQL: translations as the per-relation loaders return them (id, language, title, description), by language. */
export const translationsJson = (table: string, parentColumn: string, parentId: string) =>
  jsonArray(
    `json_build_object('id', t.id, 'language', t.language, 'title', t.title, 'description', t.description)`,
    `from ${table} t where t.${parentColumn} = ${parentId}`,
    't.language',
  );

/** SQL: every column of the rows of a table (as `select *` gives them), by language: hall, stand and point texts. */
export const allTranslationsJson = (table: string, parentColumn: string, parentId: string) =>
  jsonArray('to_jsonb(t.*)', `from ${table} t where t.${parentColumn} = ${parentId}`, 't.language');
