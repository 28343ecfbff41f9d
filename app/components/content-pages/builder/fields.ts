import { z } from 'zod';
import { BLOCKS, type BlockType } from '~/lib/content-pages/blocks';

/**
 * The side form of a block, generated from its zod schema (the block registry's, app/lib/content-pages/blocks):
 * one field per leaf of the block's content, nested objects flattened to dotted names (`headline.text`), lists
 * (features, slides, links, 360 pictures) edited as JSON. The server reads a posted form back into a content
 * with the same list (`contentFromForm`), so the form works without JavaScript too. Isomorphic.
 */

export type FieldKind = 'text' | 'textarea' | 'url' | 'color' | 'select' | 'checkbox' | 'number' | 'file' | 'json';

export interface BlockField {
  /** dotted path into the block's content */
  name: string;
  kind: FieldKind;
  nullable: boolean;
  /** the choices of a select */
  options?: readonly (string | number)[];
}

/** Box fields every block has; the form shows them after the block's own ones. */
export const BOX_FIELDS = [
  'paddingXaxis',
  'paddingYaxis',
  'marginXaxis',
  'marginYaxis',
  'backgroundColor',
  'hasBorder',
  'border',
  'boxShadow',
];
const HIDDEN = new Set(['type', 'showExample']);

interface Unwrapped {
  schema: z.ZodTypeAny;
  nullable: boolean;
}

function unwrap(schema: z.ZodTypeAny): Unwrapped {
  let current = schema;
  let nullable = false;
  for (;;) {
    if (current instanceof z.ZodDefault) current = current._def.innerType;
    else if (current instanceof z.ZodOptional) current = current._def.innerType;
    else if (current instanceof z.ZodNullable) {
      nullable = true;
      current = current._def.innerType;
    } else if (current instanceof z.ZodEffects) current = current._def.schema;
    else if (current instanceof z.ZodBranded) current = current._def.type;
    else if (current instanceof z.ZodPipeline) current = current._def.in;
    else return { schema: current, nullable };
  }
}

function kindOf(name: string, schema: z.ZodTypeAny): FieldKind {
  if (schema instanceof z.ZodBoolean) return 'checkbox';
  if (schema instanceof z.ZodNumber) return 'number';
  if (schema instanceof z.ZodEnum) return 'select';
  if (schema instanceof z.ZodArray || schema instanceof z.ZodObject) return 'json';
  if (schema instanceof z.ZodString) {
    const checks = schema._def.checks.map((check) => check.kind);
    if (checks.includes('uuid')) return 'file';
    const leaf = name.split('.').pop() ?? name;
    if (/colou?r$/i.test(leaf)) return 'color';
    if (/url$|link$/i.test(leaf)) return 'url';
    const max = schema._def.checks.find((check) => check.kind === 'max') as { value: number } | undefined;
    if (leaf === 'html' || (max && max.value > 500)) return 'textarea';
  }
  return 'text';
}

const cache = new Map<BlockType, BlockField[]>();

/** The fields of a block's form, in the schema's order (its own fields first, then the box). */
export function blockFields(type: BlockType): BlockField[] {
  const known = cache.get(type);
  if (known) return known;
  const fields: BlockField[] = [];
  const walk = (shape: z.ZodRawShape, prefix: string) => {
    for (const [key, value] of Object.entries(shape)) {
      if (!prefix && HIDDEN.has(key)) continue;
      const name = prefix ? `${prefix}.${key}` : key;
      const { schema, nullable } = unwrap(value);
      if (schema instanceof z.ZodObject) {
        walk(schema.shape as z.ZodRawShape, name);
        continue;
      }
      const kind = kindOf(name, schema);
      fields.push({
        name,
        kind,
        nullable,
        ...(kind === 'select' ? { options: (schema as z.ZodEnum<[string, ...string[]]>).options } : {}),
      });
    }
  };
  walk(BLOCKS[type].schema.shape as z.ZodRawShape, '');
  const own = fields.filter((f) => !BOX_FIELDS.includes(f.name.split('.')[0]!));
  const box = fields.filter((f) => BOX_FIELDS.includes(f.name.split('.')[0]!));
  const ordered = [...own, ...box];
  cache.set(type, ordered);
  return ordered;
}

/** A value at a dotted path. */
export function valueAt(content: Record<string, unknown>, name: string): unknown {
  return name
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), content);
}

function setAt(content: Record<string, unknown>, name: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = name.split('.');
  if (!head) return content;
  if (!rest.length) return { ...content, [head]: value };
  const inner = content[head];
  return { ...content, [head]: setAt(inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {}, rest.join('.'), value) };
}

/** How a field's value is written into an input (`value` attribute / textarea text). */
export function formValue(field: BlockField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'json') return JSON.stringify(value, null, 2);
  return String(value);
}

/**
 * A block's content from a posted form over the item's current content: every field of the block's form (a
 * missing checkbox is false, an empty nullable field null, numbers as numbers, lists from JSON). What does not
 * parse is left as posted text, so the block's schema answers it at its field. The item is touched now: its
 * example placeholder gives way to its own content.
 */
export function contentFromForm(
  type: BlockType,
  current: Record<string, unknown>,
  form: FormData | URLSearchParams
): Record<string, unknown> {
  let content: Record<string, unknown> = { ...current, type };
  for (const field of blockFields(type)) {
    const posted = form.get(`content.${field.name}`);
    if (field.kind === 'checkbox') {
      content = setAt(content, field.name, posted === 'on' || posted === 'true');
      continue;
    }
    if (posted === null || typeof posted !== 'string') continue;
    const text = field.kind === 'textarea' || field.kind === 'json' ? posted : posted.trim();
    let value: unknown = text;
    if (text === '' && field.nullable) value = null;
    else if (field.kind === 'number' || (field.kind === 'select' && typeof field.options?.[0] === 'number'))
      value = text === '' || Number.isNaN(Number(text)) ? text : Number(text);
    else if (field.kind === 'json') {
      try {
        value = text.trim() === '' ? [] : JSON.parse(text);
      } catch {
        value = text;
      }
    }
    content = setAt(content, field.name, value);
  }
  return { ...content, showExample: false };
}
