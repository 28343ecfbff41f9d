import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '~/components/ui/button';
import type { BlockType } from '~/lib/content-pages/blocks';
import type { LayoutItem } from '~/lib/content-pages/layout';
import { blockFields, formValue, valueAt, type BlockField } from './fields';

const INPUT = 'mt-1 block w-full rounded border border-gray-400 px-2 py-1 text-sm';

/** The upload purpose of a block's file field. */
function purposeOf(type: BlockType, field: string): string {
  if (type === 'PDF' || type === 'FILE') return 'DOCUMENT';
  if (type === 'AUDIO') return 'MEDIA';
  if (type === 'CADFILE' && field === 'file') return 'MODEL';
  return 'IMAGE';
}

/** A file field: the file's id; with JavaScript a file chosen here is uploaded to /resources/upload and its id set. */
function FileField({ type, field, name, value, id }: { type: BlockType; field: BlockField; name: string; value: string; id: string }) {
  const { t } = useTranslation('pages');
  const [fileId, setFileId] = useState(value);
  const [status, setStatus] = useState<string | null>(null);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setStatus(t('builder.upload.running'));
    const body = new FormData();
    body.append('purpose', purposeOf(type, field.name));
    body.append('file', file);
    try {
      const response = await fetch('/resources/upload', { method: 'POST', body, headers: { Accept: 'application/json' } });
      const answer = (await response.json()) as { file?: { id: string }; error?: { message?: string } | string };
      if (answer.file) {
        setFileId(answer.file.id);
        setStatus(t('builder.upload.done', { name: file.name }));
      } else setStatus(typeof answer.error === 'string' ? answer.error : answer.error?.message ?? t('builder.upload.failed'));
    } catch {
      setStatus(t('builder.upload.failed'));
    }
  };
  return (
    <>
      <input id={id} name={name} value={fileId} onChange={(e) => setFileId(e.target.value)} className={INPUT} spellCheck={false} />
      <input
        type="file"
        aria-label={t('builder.upload.choose')}
        className="mt-1 block w-full text-sm"
        onChange={(e) => void upload(e.target.files?.[0])}
        data-builder-upload={field.name}
      />
      {status ? (
        <p className="mt-1 text-xs text-gray-700" role="status">
          {status}
        </p>
      ) : null}
    </>
  );
}

function FieldInput({
  type,
  field,
  content,
  error,
}: {
  type: BlockType;
  field: BlockField;
  content: Record<string, unknown>;
  error: string | null;
}) {
  const { t } = useTranslation('pages');
  const name = `content.${field.name}`;
  const id = `builder-field-${field.name.replace(/\./g, '-')}`;
  const value = valueAt(content, field.name);
  const label = t(`builder.fields.${field.name.replace(/\./g, '_')}`);
  const described = error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
  let input;
  switch (field.kind) {
    case 'checkbox':
      return (
        <div className="flex items-center gap-2">
          <input id={id} type="checkbox" name={name} defaultChecked={value === true} {...described} />
          <label htmlFor={id} className="text-sm">
            {label}
          </label>
          {error ? (
            <p id={`${id}-error`} className="text-sm text-brand-red">
              {error}
            </p>
          ) : null}
        </div>
      );
    case 'select':
      input = (
        <select id={id} name={name} defaultValue={formValue(field, value)} className={INPUT} {...described}>
          {field.nullable ? <option value="">{t('builder.none')}</option> : null}
          {field.options?.map((option) => (
            <option key={String(option)} value={String(option)}>
              {String(option)}
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
      input = <FileField type={type} field={field} name={name} value={formValue(field, value)} id={id} />;
      break;
    case 'color':
      input = (
        <input
          id={id}
          name={name}
          defaultValue={formValue(field, value)}
          className={INPUT}
          pattern="#[0-9a-fA-F]{6}"
          placeholder="#000000"
          {...described}
        />
      );
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
      </label>
      {input}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-brand-red">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface ItemFormProps {
  item: LayoutItem;
  columnId: string;
  hidden: Record<string, string>;
  errors: Record<string, string>;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onChange?: () => void;
}

/** The selected item's property form: the block's fields from its schema; posts `edit` (without JavaScript). */
export function ItemForm({ item, columnId, hidden, errors, onSubmit, onChange }: ItemFormProps) {
  const { t } = useTranslation('pages');
  const type = item.content.type as BlockType;
  const fields = blockFields(type);
  const content = item.content as Record<string, unknown>;
  const errorOf = (name: string) => {
    const key = `content.${name}`;
    return errors[key] ?? Object.entries(errors).find(([field]) => field.startsWith(`${key}.`))?.[1] ?? null;
  };
  return (
    <form method="post" className="space-y-3" onSubmit={onSubmit} onChange={onChange} data-builder-item-form={item.id} noValidate>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="columnId" value={columnId} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {fields.map((field) => (
        <FieldInput key={field.name} type={type} field={field} content={content} error={errorOf(field.name)} />
      ))}
      <button type="submit" className={buttonClassName('standardNoMt')}>
        {t('builder.apply')}
      </button>
    </form>
  );
}
