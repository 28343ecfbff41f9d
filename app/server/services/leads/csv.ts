import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { LeadForm, type Language } from '#db/models/index';
import { CONSENT_KINDS, fieldLabel, fieldOptions, type LeadFormField } from '~/lib/leads/form-schema';
import { LeadListInput, type LeadFilter } from '~/lib/schemas/leads';
import type { ServiceContext } from '../../context.server';
import { parseInput } from '../validation';
import { CSV_QUOTED, csvCell, csvDateTime } from './csv-cells';
import { filteredLeads, orderLeads } from './leads';
import { requireLeadUser } from './policy';

/**
 * The CSV export of the overview's filtered leads (issue 18): UTF-8 with a byte-order mark (so spreadsheet programs
 * read umlauts), semicolons for German users (their spreadsheets use the comma as decimal sign) and commas
 * otherwise, written by csv-stringify. One column per lead column, then one per field of the organisation's forms
 * (by name, labelled in the user's language), then the consent (each kind, when and with which form version) and
 * the score. Rows are read in batches and streamed, so 10,000 leads never sit in memory at once. Every cell, the
 * headers (form labels a sales user typed) included, goes through csvCell (formulas neutralised, phone numbers left
 * as they are); dates are local time of the export's zone in a form spreadsheets read as dates; a choice or checkbox
 * field shows the option's label in the export's language, not its stored key (issue 24 item 3).
 */

const BATCH = 2500;
const STANDARD = ['name', 'email', 'company', 'job', 'phone', 'mobile', 'web', 'address', 'street', 'hno', 'plz', 'city', 'country'] as const;

type ExportRow = {
  id: string;
  form_id: string | null;
  slug: string;
  created_at: Date;
  archived_at: Date | null;
  language: Language;
  score: number;
  values: { name: string; value: string }[];
  consent: { items: { kind: string; agreed: boolean }[]; givenAt: string; formVersion: number | null } | null;
  tag_list: string | null;
  form_name: string | null;
} & Record<(typeof STANDARD)[number], string>;

interface FormColumns {
  columns: { name: string; label: string }[];
  /** each form's fields by name, to show a stored value as the form showed it */
  fields: Map<string, Map<string, LeadFormField>>;
}

/** The export's columns for an organisation's forms: the free fields of every form, once per name. */
async function formColumns(ctx: ServiceContext, organizationId: string, lang: Language): Promise<FormColumns> {
  const forms = await LeadForm.query(ctx.db).where('organization_id', organizationId).orderBy('created_at').select('id', 'schema');
  const columns = new Map<string, string>();
  const fields = new Map<string, Map<string, LeadFormField>>();
  for (const form of forms) {
    const byName = new Map<string, LeadFormField>();
    fields.set(form.id, byName);
    for (const field of form.schema as LeadFormField[]) {
      if (field.type === 'HEADLINE' || field.standard) continue;
      byName.set(field.name, field);
      if (!columns.has(field.name)) columns.set(field.name, fieldLabel(field, lang) || field.name);
    }
  }
  return { columns: [...columns].map(([name, label]) => ({ name, label })), fields };
}

/** A stored value as its form shows it in the language: a choice by its option's label, a checkbox as yes or no. */
function shownValue(field: LeadFormField | undefined, value: string, lang: Language, yesNo: { yes: string; no: string }): string {
  if (!field || value === '') return value;
  if (field.type === 'SELECT') return fieldOptions(field, lang).find((option) => option.value === value)?.label ?? value;
  if (field.type === 'CHECKBOX') return value === 'true' ? yesNo.yes : yesNo.no;
  return value;
}

export async function leadsCsv(ctx: ServiceContext, filter: LeadFilter, lang: Language): Promise<Readable> {
  const { organizationId } = requireLeadUser(ctx);
  const options = parseInput(ctx, LeadListInput, { ...filter, page: 1, pageSize: 1 });
  const label = (key: string) => ctx.t(`leads:${key}`, { lng: lang.toLowerCase() }) as string;
  const { columns: extra, fields } = await formColumns(ctx, organizationId, lang);
  const header = [
    ...STANDARD.map((column) => label(`fields.${column}`)),
    label('csv.tags'),
    label('csv.language'),
    label('csv.form'),
    label('csv.created'),
    label('csv.archived'),
    ...extra.map((column) => column.label),
    ...CONSENT_KINDS.map((kind) => label(`csv.consent.${kind}`)),
    label('csv.consentGivenAt'),
    label('csv.formVersion'),
    label('csv.score'),
  ];
  const yes = label('csv.yes');
  const no = label('csv.no');

  const query = () =>
    orderLeads(filteredLeads(ctx, organizationId, options), options.sort, options.dir)
      .leftJoin('lead_forms as f', 'f.id', 'leads.form_id')
      .select(
        'leads.id',
        'leads.form_id',
        'leads.slug',
        'leads.created_at',
        'leads.archived_at',
        'leads.language',
        'leads.score',
        'leads.values',
        'leads.consent',
        'f.name as form_name',
        ...STANDARD.map((column) => `leads.${column}`),
        ctx.db.raw("(select string_agg(text, ', ' order by text) from lead_tags where lead_tags.lead_id = leads.id) as tag_list"),
      );

  const csvOptions = { delimiter: lang === 'DE' ? ';' : ',', record_delimiter: 'windows', quoted_match: CSV_QUOTED } as const;
  const line = (row: ExportRow): string[] => {
    const values = new Map((row.values ?? []).map((value) => [value.name, value.value]));
    const agreed = new Map((row.consent?.items ?? []).map((item) => [item.kind, item.agreed]));
    const formFields = row.form_id ? fields.get(row.form_id) : undefined;
    const anyForm = (name: string) => formFields?.get(name) ?? [...fields.values()].find((byName) => byName.has(name))?.get(name);
    return [
      ...STANDARD.map((column) => row[column] ?? ''),
      row.tag_list ?? '',
      row.language,
      row.form_name ?? '',
      csvDateTime(row.created_at),
      csvDateTime(row.archived_at),
      ...extra.map((column) => shownValue(anyForm(column.name), values.get(column.name) ?? '', lang, { yes, no })),
      ...CONSENT_KINDS.map((kind) => (row.consent ? (agreed.get(kind) ? yes : no) : '')),
      csvDateTime(row.consent?.givenAt),
      row.consent?.formVersion == null ? '' : String(row.consent.formVersion),
      String(row.score),
    ].map(csvCell);
  };

  // One batch of rows is read as plain rows (no model instances) and written by csv-stringify at once; the next
  // batch is already being read by the database while this one is written.
  const batchAt = (offset: number) => {
    const rows = query().limit(BATCH).offset(offset).toKnexQuery() as unknown as Promise<ExportRow[]>;
    rows.catch(() => undefined); // awaited below; a download abandoned meanwhile must not leave an unhandled rejection
    return rows;
  };
  async function* chunks() {
    yield Buffer.from(stringify([header.map(csvCell)], { ...csvOptions, bom: true }));
    let next = batchAt(0);
    for (let offset = 0; ; offset += BATCH) {
      const batch = await next;
      if (batch.length === BATCH) next = batchAt(offset + BATCH);
      if (batch.length) yield Buffer.from(stringify(batch.map(line), csvOptions));
      if (batch.length < BATCH) return;
    }
  }

  return Readable.from(chunks());
}
