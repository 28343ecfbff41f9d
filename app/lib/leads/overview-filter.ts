import { z } from 'zod';

/**
 * The lead overview's filter, sort and page as URL query parameters (issue 18): the overview, the archive and the
 * CSV export read the same parameters, so the export is the filtered list and every state of the list is a link
 * that works without JavaScript. A value that does not parse falls back to its default (never a 400 for a link).
 */
export const LEAD_SORTS = ['created', 'name', 'company', 'score'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
export const LEAD_PAGE_SIZE = 25;

const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(value)));

const FilterSchema = z.object({
  q: z.string().trim().max(200).catch(''),
  tag: z.string().trim().max(60).catch(''),
  form: z.string().uuid().or(z.literal('')).catch(''),
  from: date.or(z.literal('')).catch(''),
  to: date.or(z.literal('')).catch(''),
  sort: z.enum(LEAD_SORTS).catch('created'),
  dir: z.enum(['asc', 'desc']).catch('desc'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type LeadOverviewFilter = z.output<typeof FilterSchema>;

export function parseLeadFilter(params: URLSearchParams): LeadOverviewFilter {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(FilterSchema.shape)) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  return FilterSchema.parse({ q: '', tag: '', form: '', from: '', to: '', sort: 'created', dir: 'desc', page: 1, ...raw });
}

/** The query string of a filter (without defaults), with `changes` applied: links to pages, sorts, the CSV. */
export function leadFilterQuery(filter: LeadOverviewFilter, changes: Partial<LeadOverviewFilter> = {}): string {
  const next = { ...filter, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.tag) params.set('tag', next.tag);
  if (next.form) params.set('form', next.form);
  if (next.from) params.set('from', next.from);
  if (next.to) params.set('to', next.to);
  if (next.sort !== 'created') params.set('sort', next.sort);
  if (next.dir !== 'desc') params.set('dir', next.dir);
  if (next.page !== 1) params.set('page', String(next.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The filter as the service's `listLeads`/`leadsCsv` take it (dates as the start of `from` and the end of `to`). */
export function serviceFilter(filter: LeadOverviewFilter, archived: boolean) {
  return {
    archived,
    search: filter.q || undefined,
    tag: filter.tag || undefined,
    formId: filter.form || undefined,
    from: filter.from ? new Date(`${filter.from}T00:00:00.000Z`) : undefined,
    to: filter.to ? new Date(`${filter.to}T23:59:59.999Z`) : undefined,
    sort: filter.sort,
    dir: filter.dir,
    page: filter.page,
    pageSize: LEAD_PAGE_SIZE,
  };
}

/** Ids a bulk form posts: checkboxes `ids`, or the comma-joined `id` of the no-JavaScript confirmation step. */
export function postedIds(formData: FormData): string[] {
  const ids = formData.getAll('ids').map(String);
  const joined = String(formData.get('id') ?? '');
  const all = ids.length ? ids : joined.split(',');
  return [...new Set(all.map((id) => id.trim()).filter((id) => z.string().uuid().safeParse(id).success))].slice(0, 500);
}
