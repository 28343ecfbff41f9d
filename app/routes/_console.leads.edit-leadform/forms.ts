import { z } from 'zod';
import type { LeadFieldType, LeadFormField, LeadFormSchema, LeadStandardField } from '~/lib/leads/form-schema';
import { LEAD_FORM_LIMITS } from '~/lib/leads/form-schema';

/**
 * The lead form builder's posts (issue 18). The schema form posts every field as indexed inputs (`f.0.label`,
 * ...) plus one operation (`op`: `add:TEXT`, `up:<id>`, `down:<id>`, `remove:<id>`, or none to just save), so
 * adding, moving and removing work without JavaScript too; with JavaScript the page does them at once and the
 * save posts the same inputs.
 */
export const FIELD_TYPES: LeadFieldType[] = ['TEXT', 'TEXTAREA', 'EMAIL', 'PHONE', 'URL', 'NUMBER', 'DATE', 'SELECT', 'CHECKBOX', 'HEADLINE'];
export const STANDARD_FIELDS: LeadStandardField[] = ['email', 'name', 'company', 'job', 'phone', 'mobile', 'web', 'street', 'hno', 'plz', 'city', 'country'];

export const SettingsForm = z.object({
  intent: z.literal('settings'),
  id: z.string().uuid(),
  name: z.string().trim().min(1).max(200),
  sendMail: z.preprocess((v) => v === 'on' || v === 'true', z.boolean()),
  contactId: z.string().uuid().optional(),
  personalizationId: z.string().uuid().optional(),
});

export const CreateForm = z.object({ intent: z.literal('create'), name: z.string().trim().min(1).max(200) });

const lines = (value: FormDataEntryValue | null) =>
  String(value ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, LEAD_FORM_LIMITS.maxOptions);

const text = (value: FormDataEntryValue | null, max: number = LEAD_FORM_LIMITS.maxLabel) => String(value ?? '').slice(0, max);

/** A new field of `type` with a unique id and a free name. */
export function newField(type: LeadFieldType, schema: LeadFormSchema, id: string): LeadFormField {
  const taken = new Set(schema.map((f) => f.name));
  const base = type === 'HEADLINE' ? 'headline' : type.toLowerCase();
  let n = 1;
  while (taken.has(`${base}_${n}`)) n += 1;
  const name = `${base}_${n}`;
  // a new field is valid as it is (label or headline = its name), so adding one saves without JavaScript too
  return {
    id,
    type,
    name,
    label: type === 'HEADLINE' ? '' : name,
    langlabel: {},
    required: false,
    selects: type === 'SELECT' ? ['option_1'] : [],
    langselects: {},
    headline: type === 'HEADLINE' ? name : '',
    langheadline: {},
    searchable: false,
    standard: null,
  };
}

/** The fields as posted, in order (at most the schema limit). */
export function postedSchema(formData: FormData): LeadFormSchema {
  const count = Math.min(Number(formData.get('fieldCount') ?? 0) || 0, LEAD_FORM_LIMITS.maxFields + 1);
  const schema: LeadFormSchema = [];
  for (let i = 0; i < count; i += 1) {
    const get = (key: string) => formData.get(`f.${i}.${key}`);
    const type = String(get('type') ?? '') as LeadFieldType;
    if (!FIELD_TYPES.includes(type)) continue;
    const standard = String(get('standard') ?? '') as LeadStandardField;
    const selectsDE = lines(get('selectsDE'));
    const selectsEN = lines(get('selectsEN'));
    schema.push({
      id: text(get('id'), 64),
      type,
      name: text(get('name'), 60).trim(),
      label: text(get('label')),
      langlabel: { DE: text(get('labelDE')) || undefined, EN: text(get('labelEN')) || undefined },
      required: get('required') === 'on',
      selects: type === 'SELECT' ? lines(get('selects')) : [],
      langselects: type === 'SELECT' ? { DE: selectsDE.length ? selectsDE : undefined, EN: selectsEN.length ? selectsEN : undefined } : {},
      headline: type === 'HEADLINE' ? text(get('headline')) : '',
      langheadline: type === 'HEADLINE' ? { DE: text(get('headlineDE')) || undefined, EN: text(get('headlineEN')) || undefined } : {},
      searchable: get('searchable') === 'on',
      standard: STANDARD_FIELDS.includes(standard) ? standard : null,
    });
  }
  return schema;
}

export type SchemaOp = { kind: 'add'; type: LeadFieldType } | { kind: 'up' | 'down' | 'remove'; id: string } | null;

export function parseOp(value: FormDataEntryValue | null): SchemaOp {
  const [kind, arg = ''] = String(value ?? '').split(':');
  if (kind === 'add' && FIELD_TYPES.includes(arg as LeadFieldType)) return { kind, type: arg as LeadFieldType };
  if ((kind === 'up' || kind === 'down' || kind === 'remove') && arg) return { kind, id: arg };
  return null;
}

/** The schema after one operation (a move past either end changes nothing). */
export function applyOp(schema: LeadFormSchema, op: SchemaOp, newId: () => string): LeadFormSchema {
  if (!op) return schema;
  if (op.kind === 'add') return [...schema, newField(op.type, schema, newId())];
  const index = schema.findIndex((f) => f.id === op.id);
  if (index < 0) return schema;
  if (op.kind === 'remove') return schema.filter((f) => f.id !== op.id);
  const target = op.kind === 'up' ? index - 1 : index + 1;
  if (target < 0 || target >= schema.length) return schema;
  const next = [...schema];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved!);
  return next;
}
