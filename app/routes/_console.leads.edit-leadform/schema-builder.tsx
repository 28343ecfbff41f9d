import { Form } from '@remix-run/react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LeadFormFields, type LeadLang } from '~/components/leads/lead-form-fields';
import { buttonClassName } from '~/components/ui/button';
import { movedIndex, useSortable } from '~/components/ui/reorder';
import { useHydrated } from '~/components/ui/use-hydrated';
import type { LeadFormField, LeadFormSchema } from '~/lib/leads/form-schema';
import { applyOp, FIELD_TYPES, parseOp, STANDARD_FIELDS } from './forms';

const INPUT = 'w-full rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm outline-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-pink';
const SMALL = `${buttonClassName('transparent')} !px-2 !py-1 text-xs`;

/** A labelled select of the field editor, controlled like `Text`. */
function Choice({ label, name, value, onChange, options }: { label: string; name: string; value: string; onChange: (v: string) => void; options: { value: string; label: string }[] }) {
  return (
    <label className="flex flex-col gap-1 text-xs font-medium">
      {label}
      <select name={name} value={value} onChange={(e) => onChange(e.target.value)} className={INPUT}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function Text({
  label,
  name,
  value,
  onChange,
  multiline,
  errors,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  multiline?: boolean;
  errors?: string[];
}) {
  const invalid = Boolean(errors?.length);
  return (
    <label className="flex flex-col gap-1 text-xs font-medium">
      {label}
      {multiline ? (
        <textarea name={name} value={value} rows={3} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid || undefined} className={INPUT} />
      ) : (
        <input name={name} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={invalid || undefined} className={INPUT} />
      )}
      {invalid ? <span className="font-normal text-brand-red">{errors!.join(' ')}</span> : null}
    </label>
  );
}

/** One field's editor: its inputs are named by position (`f.<index>.<key>`), so the whole form posts as it is shown. */
function FieldEditor({
  field,
  index,
  total,
  update,
  errors,
}: {
  field: LeadFormField;
  index: number;
  total: number;
  update: (change: Partial<LeadFormField>) => void;
  errors: Record<string, string[]>;
}) {
  const { t } = useTranslation('leadsconsole');
  const p = `f.${index}.`;
  const err = (key: string) => errors[`${index}.${key}`];
  const title = field.type === 'HEADLINE' ? field.headline || t('builder.untitledHeadline') : field.label || field.name;
  return (
    <li data-field-id={field.id} data-testid="builder-field" className="rounded-md border border-gray-200 bg-white p-3">
      <input type="hidden" name={`${p}id`} value={field.id} />
      <div className="flex flex-wrap items-center gap-2">
        <span data-drag-handle aria-hidden="true" className="cursor-grab select-none px-1 text-gray-500" title={t('builder.drag')}>
          ⠿
        </span>
        <p className="min-w-0 flex-1 truncate text-sm font-semibold">
          {index + 1}. {title} <span className="font-normal text-gray-600">({t(`builder.types.${field.type}`)})</span>
        </p>
        <button type="submit" name="op" value={`up:${field.id}`} disabled={index === 0} aria-label={t('builder.moveUp', { name: title })} className={SMALL} data-move="up">
          ↑
        </button>
        <button type="submit" name="op" value={`down:${field.id}`} disabled={index === total - 1} aria-label={t('builder.moveDown', { name: title })} className={SMALL} data-move="down">
          ↓
        </button>
        <button type="submit" name="op" value={`remove:${field.id}`} aria-label={t('builder.remove', { name: title })} className={`${SMALL} text-brand-red`}>
          {t('builder.removeShort')}
        </button>
      </div>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        <Choice
          label={t('builder.type')}
          name={`${p}type`}
          value={field.type}
          onChange={(type) => update({ type: type as LeadFormField['type'] })}
          options={FIELD_TYPES.map((type) => ({ value: type, label: t(`builder.types.${type}`) }))}
        />
        {field.type === 'HEADLINE' ? (
          <>
            <Text label={t('builder.headline')} name={`${p}headline`} errors={err('headline')} value={field.headline} onChange={(headline) => update({ headline })} />
            <Text label={t('builder.headlineDE')} name={`${p}headlineDE`} value={field.langheadline.DE ?? ''} onChange={(DE) => update({ langheadline: { ...field.langheadline, DE } })} />
            <Text label={t('builder.headlineEN')} name={`${p}headlineEN`} value={field.langheadline.EN ?? ''} onChange={(EN) => update({ langheadline: { ...field.langheadline, EN } })} />
          </>
        ) : (
          <>
            <Text label={t('builder.name')} name={`${p}name`} errors={err('name')} value={field.name} onChange={(name) => update({ name })} />
            <Choice
              label={t('builder.standard')}
              name={`${p}standard`}
              value={field.standard ?? ''}
              onChange={(standard) => update({ standard: (standard || null) as LeadFormField['standard'] })}
              options={[{ value: '', label: t('builder.noStandard') }, ...STANDARD_FIELDS.map((s) => ({ value: s, label: t(`builder.standards.${s}`) }))]}
            />
            <Text label={t('builder.label')} name={`${p}label`} errors={err('label')} value={field.label} onChange={(label) => update({ label })} />
            <Text label={t('builder.labelDE')} name={`${p}labelDE`} value={field.langlabel.DE ?? ''} onChange={(DE) => update({ langlabel: { ...field.langlabel, DE } })} />
            <Text label={t('builder.labelEN')} name={`${p}labelEN`} value={field.langlabel.EN ?? ''} onChange={(EN) => update({ langlabel: { ...field.langlabel, EN } })} />
            <div className="flex flex-col justify-end gap-1 text-sm">
              <label className="flex items-center gap-2">
                <input type="checkbox" name={`${p}required`} checked={field.required} onChange={(e) => update({ required: e.target.checked })} className="h-4 w-4" />
                {t('builder.required')}
              </label>
              <label className="flex items-center gap-2">
                <input type="checkbox" name={`${p}searchable`} checked={field.searchable} onChange={(e) => update({ searchable: e.target.checked })} className="h-4 w-4" />
                {t('builder.searchable')}
              </label>
            </div>
          </>
        )}
        {field.type === 'SELECT' ? (
          <>
            <Text label={t('builder.options')} name={`${p}selects`} errors={err('selects')} multiline value={field.selects.join('\n')} onChange={(v) => update({ selects: v.split('\n') })} />
            <Text label={t('builder.optionsDE')} name={`${p}selectsDE`} multiline value={(field.langselects.DE ?? []).join('\n')} onChange={(v) => update({ langselects: { ...field.langselects, DE: v.split('\n') } })} />
            <Text label={t('builder.optionsEN')} name={`${p}selectsEN`} multiline value={(field.langselects.EN ?? []).join('\n')} onChange={(v) => update({ langselects: { ...field.langselects, EN: v.split('\n') } })} />
          </>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The lead form's schema builder (issue 18): add fields of each type, edit labels DE/EN, options with their
 * translations, headlines, required, searchable and the standard column; reorder by dragging a field's handle
 * (sortablejs, loaded on this page only) or with its move buttons (announced); a live preview in DE or EN.
 * Every button is a submit button of the one form, so without JavaScript the server applies the same operation.
 */
export function SchemaBuilder({
  formId,
  schema: saved,
  errors,
  fieldErrors,
}: {
  formId: string;
  schema: LeadFormSchema;
  errors: string[];
  fieldErrors: Record<string, string[]>;
}) {
  const { t } = useTranslation('leadsconsole');
  const hydrated = useHydrated();
  const [schema, setSchema] = useState(saved);
  const [announcement, setAnnouncement] = useState('');
  const [previewLang, setPreviewLang] = useState<LeadLang>('DE');
  const list = useRef<HTMLOListElement>(null);
  const schemaRef = useRef(schema);
  schemaRef.current = schema;
  const savedKey = JSON.stringify(saved);
  useEffect(() => setSchema(JSON.parse(savedKey) as LeadFormSchema), [savedKey]);

  const nameOf = (f: LeadFormField) => (f.type === 'HEADLINE' ? f.headline : f.label || f.name);

  function onOp(event: MouseEvent<HTMLFormElement>) {
    const button = (event.target as HTMLElement).closest('button[name="op"]') as HTMLButtonElement | null;
    if (!button) return;
    const op = parseOp(button.value);
    if (!op) return;
    event.preventDefault();
    const next = applyOp(schemaRef.current, op, () => crypto.randomUUID());
    setSchema(next);
    if (op.kind === 'add') setAnnouncement(t('builder.added', { type: t(`builder.types.${op.type}`), position: next.length }));
    else if (op.kind === 'remove') setAnnouncement(t('builder.removed'));
    else {
      const index = next.findIndex((f) => f.id === op.id);
      setAnnouncement(t('builder.moved', { name: nameOf(next[index]!), position: index + 1, total: next.length }));
      // keep the keyboard on the moved field's same button
      requestAnimationFrame(() => {
        const target = list.current?.querySelector<HTMLButtonElement>(`[data-field-id="${op.id}"] [data-move="${op.kind}"]`);
        if (target && !target.disabled) target.focus();
        else list.current?.querySelector<HTMLButtonElement>(`[data-field-id="${op.id}"] [data-move]:not([disabled])`)?.focus();
      });
    }
  }

  useSortable(list, {
    enabled: hydrated,
    handle: '[data-drag-handle]',
    onMove: (from, to) => {
      const next = movedIndex(schemaRef.current, from, to);
      setSchema(next);
      setAnnouncement(t('builder.moved', { name: nameOf(next[to]!), position: to + 1, total: next.length }));
    },
  });

  const update = (id: string) => (change: Partial<LeadFormField>) => setSchema((current) => current.map((f) => (f.id === id ? { ...f, ...change } : f)));
  const previewSchema = schema.map((f) => ({ ...f, selects: f.selects.filter(Boolean) }));

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Form method="post" onClick={onOp} aria-label={t('builder.title')}>
        <input type="hidden" name="intent" value="schema" />
        <input type="hidden" name="id" value={formId} />
        <input type="hidden" name="fieldCount" value={schema.length} />
        {errors.length ? (
          <p role="alert" className="mb-3 text-sm text-brand-red">
            {errors.join(' ')}
          </p>
        ) : null}
        <ol ref={list} className="space-y-3" aria-label={t('builder.fields')}>
          {schema.map((field, index) => (
            <FieldEditor key={field.id} field={field} index={index} total={schema.length} update={update(field.id)} errors={fieldErrors} />
          ))}
        </ol>
        {schema.length ? null : <p className="text-sm text-gray-600">{t('builder.empty')}</p>}
        <fieldset className="mt-4">
          <legend className="text-sm font-medium">{t('builder.add')}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {FIELD_TYPES.map((type) => (
              <button key={type} type="submit" name="op" value={`add:${type}`} className={SMALL}>
                + {t(`builder.types.${type}`)}
              </button>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={`${buttonClassName('standardNoMt')} mt-4`}>
          {t('builder.save')}
        </button>
        <p role="status" aria-live="polite" className="sr-only" data-testid="builder-announcement">
          {announcement}
        </p>
      </Form>
      <section aria-labelledby="builder-preview-title" className="rounded-md border border-dashed border-gray-300 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="builder-preview-title" className="font-semibold">
            {t('builder.preview')}
          </h3>
          <label className="flex items-center gap-2 text-sm">
            {t('builder.previewLanguage')}
            <select value={previewLang} onChange={(e) => setPreviewLang(e.target.value as LeadLang)} className={INPUT} disabled={!hydrated}>
              <option value="DE">DE</option>
              <option value="EN">EN</option>
            </select>
          </label>
        </div>
        <div className="mt-3" ref={(element) => element?.setAttribute('inert', '')}>
          <LeadFormFields schema={previewSchema} lang={previewLang} />
        </div>
      </section>
    </div>
  );
}
