import type { SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_TEMPLATE_KEYS } from '~/lib/content-pages/templates';

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>;

/** A labelled select of a fixed list of keys, each option shown by its label (the page builder's small forms). */
export function KeySelect<K extends string>({
  label,
  keys,
  labelOf,
  labelClassName = 'min-w-0 max-w-full text-sm',
  ...select
}: { label: string; keys: readonly K[]; labelOf: (key: K) => string; labelClassName?: string } & SelectProps) {
  return (
    <label className={labelClassName}>
      {label}
      <select className="ml-2 max-w-full rounded border px-2 py-1" {...select}>
        {keys.map((key) => (
          <option key={key} value={key}>
            {labelOf(key)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** "Start from": the templates, structures and page layouts a page starts from (the page list and the builder). */
export function TemplateSelect(props: Omit<SelectProps, 'name' | 'defaultValue'>) {
  const { t } = useTranslation('pages');
  return (
    <KeySelect
      label={t('builder.startFrom')}
      name="template"
      defaultValue="t1"
      keys={ALL_TEMPLATE_KEYS}
      labelOf={(key) => t(`builder.templates.${key}`)}
      {...props}
    />
  );
}
