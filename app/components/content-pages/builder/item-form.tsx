import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '~/components/ui/button';
import { useHydrated } from '~/components/ui/use-hydrated';
import type { BlockType } from '~/lib/content-pages/blocks';
import type { LayoutItem } from '~/lib/content-pages/layout';
import { BRAND } from '~/lib/content-pages/design';
import { blockFields, contentFromForm, formValue, MOVE_FIELD, PRESENT_FIELD, REMOVE_FIELD, UPLOAD_SUFFIX, uploadPurposeOf, valueAt, type BlockField } from './fields';
import { ErrorText } from '~/components/ui/field';

const INPUT = 'mt-1 block w-full rounded border border-gray-400 px-2 py-1 text-sm';
const SMALL = 'rounded border border-gray-400 bg-white px-2 py-0.5 text-xs hover:bg-gray-100 disabled:opacity-50';

/** Uploads one file to /resources/upload (with JavaScript): its id, or the refusal's message. */
async function uploadOne(file: File, purpose: string): Promise<{ id: string } | { error: string | null }> {
  const body = new FormData();
  body.append('purpose', purpose);
  body.append('file', file);
  try {
    const response = await fetch('/resources/upload', { method: 'POST', body, headers: { Accept: 'application/json' } });
    const answer = (await response.json()) as { file?: { id: string }; error?: { message?: string } | string };
    if (answer.file) return { id: answer.file.id };
    return { error: typeof answer.error === 'string' ? answer.error : answer.error?.message ?? null };
  } catch {
    return { error: null };
  }
}

/**
 * A file field: the file's id and a file input beside it. Without JavaScript the chosen file is posted with the form
 * (`…__upload`) and the builder's action stores it and sets the id; with it the file goes to /resources/upload at once.
 * `multiple` (the 360 view's pictures): one id per line, uploads appended.
 */
function FileField({
  type,
  field,
  name,
  value,
  id,
  multiple = false,
  onChanged,
  described,
}: {
  type: BlockType;
  field: string;
  name: string;
  value: string;
  id: string;
  multiple?: boolean;
  onChanged?: () => void;
  described: Record<string, unknown>;
}) {
  const { t } = useTranslation('pages');
  const [fileIds, setFileIds] = useState(value);
  const [status, setStatus] = useState<string | null>(null);
  const upload = async (files: FileList | null, input: HTMLInputElement) => {
    const chosen = [...(files ?? [])];
    if (!chosen.length) return;
    setStatus(t('builder.upload.running'));
    const ids: string[] = [];
    for (const file of chosen) {
      const answer = await uploadOne(file, uploadPurposeOf(type, field));
      if ('error' in answer) {
        setStatus(answer.error ?? t('builder.upload.failed'));
        return;
      }
      ids.push(answer.id);
    }
    input.value = '';
    setFileIds((current) => (multiple ? [...current.split(/\s+/).filter(Boolean), ...ids].join('\n') : ids[0]!));
    setStatus(chosen.length === 1 ? t('builder.upload.done', { name: chosen[0]!.name }) : t('builder.upload.doneMany', { count: chosen.length }));
    onChanged?.();
  };
  return (
    <>
      {multiple ? (
        <textarea id={id} name={name} value={fileIds} onChange={(e) => setFileIds(e.target.value)} rows={4} className={`${INPUT} font-mono text-xs`} spellCheck={false} {...described} />
      ) : (
        <input id={id} name={name} value={fileIds} onChange={(e) => setFileIds(e.target.value)} className={INPUT} spellCheck={false} {...described} />
      )}
      <input
        type="file"
        name={`${name}${UPLOAD_SUFFIX}`}
        multiple={multiple}
        aria-label={t(multiple ? 'builder.upload.chooseMany' : 'builder.upload.choose')}
        className="mt-1 block w-full text-sm"
        onChange={(e) => void upload(e.target.files, e.target)}
        data-builder-upload={field}
      />
      {status ? (
        <p className="mt-1 text-xs text-gray-700" role="status">
          {status}
        </p>
      ) : null}
    </>
  );
}

interface Entry {
  key: string;
  value: Record<string, unknown>;
}

let entryKeys = 0;
const keyed = (value: Record<string, unknown>): Entry => ({ key: `entry-${(entryKeys += 1)}`, value });

/**
 * A list of entries (accordion entries, slides, features, social links) as sub-forms: each entry's fields, remove,
 * up and down. With JavaScript the buttons change the list here (applied with the form); without it a remove box
 * and up/down buttons that post the form, and one blank entry to add a new one.
 */
function ListField({
  type,
  field,
  value,
  errors,
  onChanged,
}: {
  type: BlockType;
  field: BlockField;
  value: unknown;
  errors: Record<string, string>;
  onChanged: () => void;
}) {
  const { t } = useTranslation('pages');
  const hydrated = useHydrated();
  const [entries, setEntries] = useState<Entry[]>(() => (Array.isArray(value) ? (value as Record<string, unknown>[]).map(keyed) : []));
  const label = t(`builder.fields.${field.name}`);
  const change = (next: Entry[]) => {
    setEntries(next);
    onChanged();
  };
  const swap = (index: number, other: number) => {
    const next = [...entries];
    [next[index], next[other]] = [next[other]!, next[index]!];
    change(next);
  };
  const prefix = `content.${field.name}`;
  const rows = hydrated ? entries : [...entries, { key: 'entry-new', value: {} }];
  return (
    <fieldset className="space-y-2 rounded border border-gray-300 p-2" data-builder-list={field.name}>
      <legend className="px-1 text-sm font-medium">{label}</legend>
      <input type="hidden" name={`${prefix}.${PRESENT_FIELD}`} value="1" />
      {rows.map((entry, index) => {
        const isNew = entry.key === 'entry-new';
        const name = (sub: string) => `${prefix}.${index}.${sub}`;
        return (
          <fieldset key={entry.key} className="space-y-1 rounded bg-gray-50 p-2" data-builder-entry={index}>
            <legend className="text-xs font-medium text-gray-700">
              {isNew ? t('builder.entries.newEntry') : t('builder.entries.entry', { number: index + 1 })}
            </legend>
            {typeof entry.value.id === 'string' ? <input type="hidden" name={name('id')} value={entry.value.id} /> : null}
            {(field.entry ?? []).map((sub) => (
              <FieldInput
                key={sub.name}
                type={type}
                field={sub}
                name={name(sub.name)}
                labelKey={`builder.entryFields.${sub.name}`}
                value={entry.value[sub.name]}
                error={errors[name(sub.name)] ?? null}
                errors={errors}
                onChanged={onChanged}
              />
            ))}
            {isNew ? null : hydrated ? (
              <div className="flex gap-1 pt-1">
                <button type="button" className={SMALL} disabled={index === 0} onClick={() => swap(index, index - 1)} data-builder-entry-up>
                  {t('builder.entries.up')}
                </button>
                <button type="button" className={SMALL} disabled={index === entries.length - 1} onClick={() => swap(index, index + 1)} data-builder-entry-down>
                  {t('builder.entries.down')}
                </button>
                <button type="button" className={`${SMALL} text-brand-red`} onClick={() => change(entries.filter((_, i) => i !== index))} data-builder-entry-remove>
                  {t('builder.entries.remove', { number: index + 1 })}
                </button>
              </div>
            ) : (
              <div className="flex flex-wrap items-center gap-2 pt-1 text-xs">
                <label>
                  <input type="checkbox" name={name(REMOVE_FIELD)} className="mr-1" />
                  {t('builder.entries.remove', { number: index + 1 })}
                </label>
                <button type="submit" name={`${prefix}.${MOVE_FIELD}`} value={`${index}:up`} className={SMALL} disabled={index === 0}>
                  {t('builder.entries.up')}
                </button>
                <button type="submit" name={`${prefix}.${MOVE_FIELD}`} value={`${index}:down`} className={SMALL} disabled={index === entries.length - 1}>
                  {t('builder.entries.down')}
                </button>
              </div>
            )}
          </fieldset>
        );
      })}
      {hydrated ? (
        <button type="button" className={SMALL} onClick={() => change([...entries, keyed({})])} data-builder-entry-add={field.name}>
          {t('builder.entries.add')}
        </button>
      ) : null}
    </fieldset>
  );
}

/** The brand's palette (spec 001 point 9) offered beside every colour field, by name. */
const PALETTE = [
  ['dark', BRAND.dark],
  ['pink', BRAND.pink],
  ['grey', BRAND.grey],
  ['green', BRAND.green],
  ['red', BRAND.red],
  ['white', BRAND.white],
  ['black', BRAND.black],
] as const;

/**
 * A colour: its #rrggbb text (posted; empty where the field may be empty), a colour picker beside it and the
 * palette's swatches. The picker and swatches write into the text field, so the form posts the same without them.
 */
function ColorInput({
  id,
  name,
  value,
  described,
  onChanged,
}: {
  id: string;
  name: string;
  value: string;
  described: Record<string, unknown>;
  onChanged: () => void;
}) {
  const { t } = useTranslation('pages');
  const hydrated = useHydrated();
  const [text, setText] = useState(value);
  const valid = /^#[0-9a-f]{6}$/i.test(text);
  const set = (next: string) => {
    setText(next);
    onChanged();
  };
  return (
    <div className="mt-1 space-y-1" data-builder-color={name}>
      <div className="flex items-center gap-2">
        <input
          id={id}
          name={name}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={INPUT.replace('mt-1 ', '')}
          pattern="#[0-9a-fA-F]{6}"
          placeholder="#000000"
          spellCheck={false}
          {...described}
        />
        {hydrated ? (
          <input
            type="color"
            value={valid ? text.toLowerCase() : '#000000'}
            onChange={(event) => set(event.target.value)}
            list="builder-palette-colours"
            aria-label={t('builder.colour.pick')}
            className="h-8 w-10 shrink-0 cursor-pointer rounded border border-gray-400"
            data-builder-color-picker
          />
        ) : null}
      </div>
      {hydrated ? (
        <div className="flex flex-wrap gap-1" role="group" aria-label={t('builder.colour.palette')}>
          {PALETTE.map(([key, colour]) => (
            <button
              key={key}
              type="button"
              title={`${t(`builder.colour.names.${key}`)} ${colour}`}
              aria-label={t('builder.colour.use', { name: t(`builder.colour.names.${key}`), colour })}
              aria-pressed={text.toLowerCase() === colour}
              className="h-6 w-6 rounded border border-gray-400 outline-none ring-brand-pink ring-offset-1 focus-visible:ring-2 aria-pressed:ring-2"
              style={{ backgroundColor: colour }}
              onClick={() => set(colour)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The palette as the colour pickers' suggestions (one list per form). */
function PaletteList() {
  return (
    <datalist id="builder-palette-colours">
      {PALETTE.map(([key, colour]) => (
        <option key={key} value={colour} />
      ))}
    </datalist>
  );
}

function FieldInput({
  type,
  field,
  name,
  labelKey,
  value,
  error,
  errors,
  onChanged,
  example = false,
}: {
  type: BlockType;
  field: BlockField;
  name: string;
  labelKey: string;
  value: unknown;
  error: string | null;
  errors: Record<string, string>;
  onChanged: () => void;
  /** the value is the block's example (what the canvas shows), not yet the item's own */
  example?: boolean;
}) {
  const { t } = useTranslation('pages');
  const id = `builder-field-${name.replace(/\./g, '-')}`;
  const label = t(labelKey);
  const described = error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
  if (field.kind === 'list') return <ListField type={type} field={field} value={value} errors={errors} onChanged={onChanged} />;
  let input;
  switch (field.kind) {
    case 'checkbox':
      return (
        <div className="flex items-center gap-2">
          <input id={id} type="checkbox" name={name} defaultChecked={value === true} {...described} />
          <label htmlFor={id} className="text-sm">
            {label}
          </label>
          <ErrorText id={`${id}-error`} errors={error} />
        </div>
      );
    case 'select':
      input = (
        <select id={id} name={name} defaultValue={formValue(field, value)} className={INPUT} {...described}>
          {field.nullable ? <option value="">{t('builder.none')}</option> : null}
          {field.options?.map((option) => (
            <option key={String(option)} value={String(option)}>
              {field.spacing
                ? t('builder.spacingOption', { step: option, px: Number(option) * 4 })
                : typeof option === 'number'
                  ? String(option)
                  : t(`builder.options.${option}`, { defaultValue: option })}
            </option>
          ))}
        </select>
      );
      break;
    case 'textarea':
    case 'json':
      input = (
        <textarea
          id={id}
          name={name}
          defaultValue={formValue(field, value)}
          rows={field.kind === 'json' ? 6 : 5}
          className={`${INPUT} ${field.kind === 'json' ? 'font-mono text-xs' : ''}`}
          spellCheck={field.kind !== 'json'}
          {...described}
        />
      );
      break;
    case 'file':
    case 'files':
      input = (
        <FileField
          type={type}
          field={field.name}
          name={name}
          value={formValue(field, value)}
          id={id}
          multiple={field.kind === 'files'}
          onChanged={onChanged}
          described={described}
        />
      );
      break;
    case 'color':
      input = <ColorInput id={id} name={name} value={formValue(field, value)} described={described} onChanged={onChanged} />;
      break;
    default:
      input = (
        <input
          id={id}
          name={name}
          type={field.kind === 'number' ? 'number' : field.kind === 'url' ? 'text' : 'text'}
          inputMode={field.kind === 'url' ? 'url' : undefined}
          defaultValue={formValue(field, value)}
          className={INPUT}
          {...described}
        />
      );
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {field.kind === 'json' ? <span className="ml-1 font-normal text-gray-600">{t('builder.jsonHint')}</span> : null}
        {field.kind === 'files' ? <span className="ml-1 font-normal text-gray-600">{t('builder.filesHint')}</span> : null}
        {field.spacing ? <span className="ml-1 font-normal text-gray-600">{t('builder.spacingHint')}</span> : null}
      </label>
      {/* beside the label, not in it: the field keeps its name; the form's note says what the mark means */}
      {example ? (
        <span className="rounded bg-yellow-100 px-1 text-xs text-gray-800" data-builder-example-value={name}>
          {t('builder.example.badge')}
        </span>
      ) : null}
      {input}
      <ErrorText id={`${id}-error`} errors={error} className="mt-1" />
    </div>
  );
}

export interface ItemFormProps {
  item: LayoutItem;
  /** the block's example (what the canvas shows for an untouched item): the form starts with it, marked as such */
  example?: Record<string, unknown> | null;
  columnId: string;
  hidden: Record<string, string>;
  errors: Record<string, string>;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onChange?: () => void;
  /** the content as the form has it now (the canvas shows it while it is valid) */
  onDraft?: (content: Record<string, unknown>) => void;
}

/**
 * The selected item's property form: the block's fields from its schema; posts `edit` as multipart (without
 * JavaScript a chosen file is stored by the builder's action), with it the builder applies it in the browser.
 */
export function ItemForm({ item, example, columnId, hidden, errors, onSubmit, onChange, onDraft }: ItemFormProps) {
  const { t } = useTranslation('pages');
  const type = item.content.type as BlockType;
  const fields = blockFields(type);
  const stored = item.content as Record<string, unknown>;
  // an untouched item shows its example on the canvas: its form starts with the same values, applied as they are
  const showsExample = stored.showExample === true && example != null;
  const content = showsExample ? { ...stored, ...example, showExample: true } : stored;
  const isExample = (name: string) => {
    if (!showsExample) return false;
    const shown = valueAt(content, name);
    return shown !== undefined && shown !== null && shown !== '' && JSON.stringify(shown) !== JSON.stringify(valueAt(stored, name));
  };
  const form = useRef<HTMLFormElement>(null);
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (!changes || !form.current) return;
    onChange?.();
    onDraft?.(contentFromForm(type, content, new FormData(form.current)));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of the form tells
  }, [changes]);
  const changed = () => setChanges((n) => n + 1);
  const errorOf = (name: string) => {
    const key = `content.${name}`;
    return errors[key] ?? Object.entries(errors).find(([field]) => field.startsWith(`${key}.`))?.[1] ?? null;
  };
  return (
    <form
      ref={form}
      method="post"
      encType="multipart/form-data"
      className="space-y-3"
      onSubmit={onSubmit}
      onChange={changed}
      data-builder-item-form={item.id}
      noValidate
    >
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="columnId" value={columnId} />
      <input type="hidden" name="blockType" value={type} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {showsExample ? (
        <p className="rounded border border-yellow-300 bg-yellow-50 p-2 text-sm" data-builder-example-note>
          {t('builder.example.note')}
        </p>
      ) : null}
      <PaletteList />
      {fields.map((field) => (
        <FieldInput
          key={field.name}
          type={type}
          field={field}
          name={`content.${field.name}`}
          labelKey={`builder.fields.${field.name.replace(/\./g, '_')}`}
          value={valueAt(content, field.name)}
          error={field.kind === 'list' ? null : errorOf(field.name)}
          errors={errors}
          onChanged={changed}
          example={isExample(field.name)}
        />
      ))}
      <button type="submit" className={buttonClassName('standardNoMt')}>
        {t('builder.apply')}
      </button>
    </form>
  );
}
