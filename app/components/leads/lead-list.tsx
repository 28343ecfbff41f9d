import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ConfirmStep } from '~/components/events/confirm-delete';
import { buttonClassName } from '~/components/ui/button';
import { leadFilterQuery, type LeadOverviewFilter, LEAD_SORTS } from '~/lib/leads/overview-filter';

/** One lead of the overview or the archive, as the loaders hand it to the page. */
export interface LeadListItem {
  id: string;
  slug: string;
  name: string;
  email: string;
  company: string;
  tags: string[];
  score: number;
  createdAt: string;
  formName: string | null;
}

export interface LeadListChoices {
  tags: string[];
  forms: { id: string; name: string }[];
}

const INPUT = 'rounded-md border border-gray-300 bg-white px-3 py-2 text-base outline-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-pink';

/** One labelled choice of the lead filter. */
function FilterSelect({ label, name, defaultValue, options }: { label: string; name: string; defaultValue: string; options: { value: string; label: string }[] }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select name={name} defaultValue={defaultValue} className={INPUT}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Search, filter and sort of a lead list: a GET form, so every state is a URL and works without JavaScript. */
export function LeadFilterForm({ filter, choices, action }: { filter: LeadOverviewFilter; choices: LeadListChoices; action: string }) {
  const { t } = useTranslation('leadsconsole');
  return (
    <Form method="get" action={action} role="search" aria-label={t('filter.label')} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <label className="flex flex-col gap-1 text-sm font-medium sm:col-span-2">
        {t('filter.search')}
        <input type="search" name="q" defaultValue={filter.q} className={INPUT} />
      </label>
      <FilterSelect label={t('filter.tag')} name="tag" defaultValue={filter.tag} options={[{ value: '', label: t('filter.all') }, ...choices.tags.map((tag) => ({ value: tag, label: tag }))]} />
      <FilterSelect
        label={t('filter.form')}
        name="form"
        defaultValue={filter.form}
        options={[{ value: '', label: t('filter.all') }, ...choices.forms.map((form) => ({ value: form.id, label: form.name }))]}
      />
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('filter.from')}
        <input type="date" name="from" defaultValue={filter.from} className={INPUT} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('filter.to')}
        <input type="date" name="to" defaultValue={filter.to} className={INPUT} />
      </label>
      <FilterSelect label={t('filter.sort')} name="sort" defaultValue={filter.sort} options={LEAD_SORTS.map((sort) => ({ value: sort, label: t(`filter.sorts.${sort}`) }))} />
      <FilterSelect
        label={t('filter.dir')}
        name="dir"
        defaultValue={filter.dir}
        options={[
          { value: 'desc', label: t('filter.desc') },
          { value: 'asc', label: t('filter.asc') },
        ]}
      />
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
        <button type="submit" className={buttonClassName('standardNoMt')}>
          {t('filter.apply')}
        </button>
        <Link to={action} className={buttonClassName('whiteModal')}>
          {t('filter.reset')}
        </Link>
      </div>
    </Form>
  );
}

/**
 * The leads with a checkbox each inside one bulk form (`bulkForm` id): the page's bulk buttons name the form, so
 * archive, restore and delete post the checked ids without JavaScript.
 */
export function LeadRows({ items, bulkForm, showScore = true }: { items: LeadListItem[]; bulkForm: string; showScore?: boolean }) {
  const { t, i18n } = useTranslation('leadsconsole');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  if (!items.length) return <p className="mt-4 text-gray-600">{t('list.none')}</p>;
  return (
    <ul className="mt-4 divide-y divide-gray-200" aria-label={t('list.label')}>
      {items.map((lead) => {
        const title = lead.name || lead.email || lead.company || t('list.unnamed');
        return (
          <li key={lead.id} className="flex items-start gap-3 py-3" data-testid="lead-row">
            <input
              type="checkbox"
              name="ids"
              value={lead.id}
              form={bulkForm}
              aria-label={t('list.select', { name: title })}
              className="mt-1 h-6 w-6 shrink-0"
            />
            <div className="min-w-0 flex-1">
              <Link to={`/leads/${lead.slug}`} className="block truncate font-medium text-brand-dark underline-offset-2 hover:underline">
                {title}
              </Link>
              <p className="truncate text-sm text-gray-700">{[lead.company, lead.email].filter(Boolean).join(' · ')}</p>
              <p className="text-xs text-gray-600">
                {date.format(new Date(lead.createdAt))}
                {lead.formName ? ` · ${lead.formName}` : ''}
              </p>
              {lead.tags.length ? (
                <ul className="mt-1 flex flex-wrap gap-1" aria-label={t('list.tags')}>
                  {lead.tags.map((tag) => (
                    <li key={tag} className="rounded-full bg-gray-100 px-2 py-0.5 text-xs">
                      {tag}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            {showScore ? (
              <p className="shrink-0 text-right text-sm">
                <span className="block text-xs text-gray-600">{t('list.score')}</span>
                <span className="text-lg font-semibold" data-testid="lead-score">
                  {lead.score}
                </span>
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The bulk buttons of a lead list: `move` (archive or restore) and delete, in the form `id` the rows' checkboxes
 * name; deleting asks first (`BulkDeleteStep`).
 */
export function LeadBulkForm({ id, move, className }: { id: string; move: 'archive' | 'restore'; className: string }) {
  const { t } = useTranslation('leadsconsole');
  const button = `${buttonClassName('transparent')} !px-3 !py-2 text-sm`;
  return (
    <Form method="post" id={id} className={className}>
      <button type="submit" name="intent" value={move} className={button}>
        {t(`bulk.${move}`)}
      </button>
      <button type="submit" name="intent" value="delete" className={`${button} text-brand-red`}>
        {t('bulk.delete')}
      </button>
    </Form>
  );
}

/** The step that asks before the checked leads are deleted (the action's answer `confirm` to a bulk delete). */
export function BulkDeleteStep({ confirm }: { confirm: { intent: string; id: string; name: string } | undefined }) {
  const { t } = useTranslation('leadsconsole');
  if (!confirm) return null;
  return <ConfirmStep confirm={confirm} title={t('bulk.deleteTitle')} message={t('bulk.deleteText', { count: Number(confirm.name) })} />;
}

/** Previous / next and "page x of y" links that keep the filter. */
export function LeadPagination({ filter, total, pageSize, base }: { filter: LeadOverviewFilter; total: number; pageSize: number; base: string }) {
  const { t } = useTranslation('leadsconsole');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return <p className="mt-4 text-sm text-gray-600">{t('list.total', { count: total })}</p>;
  const page = Math.min(filter.page, pages);
  const link = 'rounded-md border border-gray-300 px-3 py-2 text-sm';
  return (
    <nav aria-label={t('list.pagination')} className="mt-4 flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <Link to={`${base}${leadFilterQuery(filter, { page: page - 1 })}`} className={link} rel="prev">
          {t('list.previous')}
        </Link>
      ) : null}
      <p className="text-sm">{t('list.pageOf', { page, pages, count: total })}</p>
      {page < pages ? (
        <Link to={`${base}${leadFilterQuery(filter, { page: page + 1 })}`} className={link} rel="next">
          {t('list.next')}
        </Link>
      ) : null}
    </nav>
  );
}
