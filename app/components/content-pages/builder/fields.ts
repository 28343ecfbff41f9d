import { z } from 'zod';
import { BLOCKS, type BlockType } from '~/lib/content-pages/blocks';
import { NUMBER_CHOICES, newEntryId } from '~/lib/content-pages/blocks/common';
import { SPACING_SCALE } from '~/lib/content-pages/design';

/**
 * The side form of a block, generated from its zod schema (the block registry's, app/lib/content-pages/blocks):
 * one field per leaf of the block's content, nested objects flattened to dotted names (`headline.text`), lists of
 * entries (accordion entries, slides, features, social links) as sub-forms, one numbered group of fields per entry
 * (`features.0.text`) with its id, a remove box and up/down buttons, plus one blank entry to add a new one; the 360
 * view's pictures as a list of file ids with a multiple upload. The server reads a posted form back into a content
 * (`contentFromForm`), so the form works without JavaScript too. Isomorphic.
 */

export type FieldKind = 'text' | 'textarea' | 'url' | 'color' | 'select' | 'checkbox' | 'number' | 'file' | 'files' | 'list' | 'json';

export interface BlockField {
  /** dotted path into the block's content */
  name: string;
  kind: FieldKind;
  nullable: boolean;
  /** the choices of a select */
  options?: readonly (string | number)[];
  /** a list's fields of one entry (without its id) */
  entry?: BlockField[];
  /** a select of the spec's spacing scale (steps of 0.25 rem, 4 px) */
  spacing?: boolean;
}

/** Posted beside a file field (`content.file.__upload`): a file chosen there is stored and its id set (no JavaScript). */
export const UPLOAD_SUFFIX = '.__upload';
/** A list's entry marked for removal (`content.features.2.__remove`). */
export const REMOVE_FIELD = '__remove';
/** A list's up/down button (`content.features.__move` = `2:up`). */
export const MOVE_FIELD = '__move';
/** Posted with each list, so a list whose entries were all removed is known to be empty. */
export const PRESENT_FIELD = '__present';

/** The upload purpose of a block's file field (`file`, `backgroundImage`, `carouselMedia.0.image`, `files`). */
export function uploadPurposeOf(type: BlockType, field: string): 'DOCUMENT' | 'MEDIA' | 'MODEL' | 'IMAGE' {
  if (type === 'PDF' || type === 'FILE') return 'DOCUMENT';
  if (type === 'AUDIO') return 'MEDIA';
  if (type === 'CADFILE' && field === 'file') return 'MODEL';
  return 'IMAGE';
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
  /** a number out of a list (design values: spacing, widths, heights) */
  choices?: readonly number[];
}

function unwrap(schema: z.ZodTypeAny): Unwrapped {
  let current = schema;
  let nullable = false;
  let choices: readonly number[] | undefined;
  for (;;) {
    choices ??= NUMBER_CHOICES.get(current);
    if (current instanceof z.ZodDefault) current = current._def.innerType;
    else if (current instanceof z.ZodOptional) current = current._def.innerType;
    else if (current instanceof z.ZodNullable) {
      nullable = true;
      current = current._def.innerType;
    } else if (current instanceof z.ZodEffects) current = current._def.schema;
    else if (current instanceof z.ZodBranded) current = current._def.type;
    else if (current instanceof z.ZodPipeline) current = current._def.in;
    else return { schema: current, nullable, ...(choices ? { choices } : {}) };
  }
}

function kindOf(name: string, schema: z.ZodTypeAny): FieldKind {
  if (schema instanceof z.ZodBoolean) return 'checkbox';
  if (schema instanceof z.ZodNumber) return 'number';
  if (schema instanceof z.ZodEnum) return 'select';
  if (schema instanceof z.ZodArray) return unwrap(schema.element as z.ZodTypeAny).schema instanceof z.ZodObject ? 'list' : 'files';
  if (schema instanceof z.ZodObject) return 'json';
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

/** The fields of one entry of a list (its id is kept apart). */
function entryFields(schema: z.AnyZodObject): BlockField[] {
  return Object.entries(schema.shape as z.ZodRawShape)
    .filter(([key]) => key !== 'id')
    .map(([key, value]) => {
      const { schema: inner, nullable } = unwrap(value);
      const kind = kindOf(key, inner);
      return {
        name: key,
        kind,
        nullable,
        ...(kind === 'select' ? { options: (inner as z.ZodEnum<[string, ...string[]]>).options } : {}),
      };
    });
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
      const { schema, nullable, choices } = unwrap(value);
      if (schema instanceof z.ZodObject) {
        walk(schema.shape as z.ZodRawShape, name);
        continue;
      }
      const kind = choices ? 'select' : kindOf(name, schema);
      fields.push({
        name,
        kind,
        nullable,
        ...(kind === 'select' ? { options: choices ?? (schema as z.ZodEnum<[string, ...string[]]>).options } : {}),
        ...(choices === SPACING_SCALE ? { spacing: true } : {}),
        ...(kind === 'list' ? { entry: entryFields(unwrap((schema as z.ZodArray<z.ZodTypeAny>).element).schema as z.AnyZodObject) } : {}),
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
  if (field.kind === 'files') return Array.isArray(value) ? value.join('\n') : String(value);
  return String(value);
}

/** One posted value as the field's value (trimmed; an empty nullable field null; numbers as numbers). */
function readValue(field: BlockField, posted: string): unknown {
  const text = field.kind === 'textarea' || field.kind === 'json' ? posted : posted.trim();
  if (text === '' && field.nullable) return null;
  if (field.kind === 'number' || (field.kind === 'select' && typeof field.options?.[0] === 'number'))
    return text === '' || Number.isNaN(Number(text)) ? text : Number(text);
  if (field.kind === 'json') {
    try {
      return text.trim() === '' ? [] : JSON.parse(text);
    } catch {
      return text;
    }
  }
  if (field.kind === 'files') return text.split(/[\s,]+/).filter(Boolean);
  return text;
}

/**
 * A list's entries from a posted form: numbered groups in order, each with its id (a new entry gets one), without
 * those marked for removal and the blank new one, then moved by an up/down button. Null when the list was not posted.
 */
function readList(field: BlockField, form: FormData | URLSearchParams, newId: () => string): Record<string, unknown>[] | null {
  const prefix = `content.${field.name}.`;
  const indices = new Set<number>();
  let present = false;
  for (const key of form.keys()) {
    if (!key.startsWith(prefix)) continue;
    present = true;
    const match = /^(\d+)\./.exec(key.slice(prefix.length));
    if (match) indices.add(Number(match[1]));
  }
  if (!present) return null;
  const entries: Record<string, unknown>[] = [];
  for (const index of [...indices].sort((a, b) => a - b)) {
    const at = (name: string) => form.get(`${prefix}${index}.${name}`);
    if (at(REMOVE_FIELD) !== null) continue;
    const id = typeof at('id') === 'string' ? String(at('id')).trim() : '';
    const entry: Record<string, unknown> = {};
    let blank = true;
    for (const sub of field.entry ?? []) {
      const posted = at(sub.name);
      if (typeof posted !== 'string') continue;
      entry[sub.name] = readValue(sub, posted);
      if (sub.kind !== 'select' && posted.trim() !== '') blank = false;
    }
    if (!id && blank) continue;
    entries.push({ id: id || newId(), ...entry, __index: index });
  }
  const move = form.get(`${prefix}${MOVE_FIELD}`);
  const moveMatch = typeof move === 'string' ? /^(\d+):(up|down)$/.exec(move) : null;
  if (moveMatch) {
    const from = entries.findIndex((entry) => entry.__index === Number(moveMatch[1]));
    const to = from + (moveMatch[2] === 'up' ? -1 : 1);
    if (from >= 0 && to >= 0 && to < entries.length) [entries[from], entries[to]] = [entries[to]!, entries[from]!];
  }
  return entries.map(({ __index: _index, ...entry }) => entry);
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
  form: FormData | URLSearchParams,
  newId: () => string = newEntryId
): Record<string, unknown> {
  let content: Record<string, unknown> = { ...current, type };
  for (const field of blockFields(type)) {
    if (field.kind === 'list') {
      const entries = readList(field, form, newId);
      if (entries) content = setAt(content, field.name, entries);
      continue;
    }
    const posted = form.get(`content.${field.name}`);
    if (field.kind === 'checkbox') {
      content = setAt(content, field.name, posted === 'on' || posted === 'true');
      continue;
    }
    if (posted === null || typeof posted !== 'string') continue;
    content = setAt(content, field.name, readValue(field, posted));
  }
  return { ...content, showExample: false };
}
