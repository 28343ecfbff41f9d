import type { LeadListChoices, LeadListItem } from '~/components/leads/lead-list';
import { type LeadOverviewFilter, postedIds, serviceFilter } from '~/lib/leads/overview-filter';
import type { RequestContext } from '~/server/request-context.server';
import { answer, intentOf, intentsOf, listAction, readPostedForm } from '~/server/route-kit.server';
import { archiveLeads, deleteLeads, leadTags, listLeads } from '~/server/services/leads/leads';
import { parse } from '@conform-to/react';
import type { z } from 'zod';
import type { LeadBranding } from '~/components/leads/lead-pages-header';
import { createZodErrorMap } from '~/lib/validation-messages';
import { formAction } from '~/server/forms.server';
import { formDataProblems } from '~/server/hygiene.server';
import { isUuid } from '~/lib/ids';
import { isDomainError } from '~/server/services/errors';
import { fileUrl } from '~/server/services/files/files.server';
import { listLeadForms, publicLeadForm, type PublicLeadForm } from '~/server/services/leads/forms';
import { lookOf } from '~/server/services/personalizations/look';
import type { BrandTheme } from '~/lib/brand-theme';
import { redirectWithToast } from '~/server/toast.server';

/**
 * The lead overview's and the archive's server half (issue 18): one statement for the page of leads (the service
 * pages on the server), the tag and form choices of the filter, and the bulk actions.
 */
export async function loadLeadList(context: RequestContext, filter: LeadOverviewFilter, archived: boolean) {
  const ctx = context.service;
  const [page, tags, forms] = await Promise.all([listLeads(ctx, serviceFilter(filter, archived)), leadTags(ctx), listLeadForms(ctx)]);
  const formNames = new Map(forms.map((form) => [form.id, form.name]));
  const items: LeadListItem[] = page.items.map((lead) => ({
    id: lead.id,
    slug: lead.slug,
    name: lead.name,
    email: lead.email,
    company: lead.company,
    tags: lead.tags,
    score: lead.score,
    createdAt: new Date(lead.created_at).toISOString(),
    formName: lead.form_id ? (formNames.get(lead.form_id) ?? null) : null,
  }));
  const choices: LeadListChoices = { tags, forms: forms.map((form) => ({ id: form.id, name: form.name })) };
  return { filter: { ...filter, page: page.page }, items, total: page.total, pageSize: page.pageSize, choices };
}

type BulkIntent = 'archive' | 'restore' | 'delete';

/**
 * Archive, restore or delete the checked leads. Nothing checked is an error toast; deleting asks first (the
 * confirmation step carries the ids, comma-joined, and the count), then goes through `deleteLeads` in one go.
 */
export async function leadBulkAction(request: Request, context: RequestContext, allowed: [BulkIntent, ...BulkIntent[]], back: string) {
  const { formData } = await readPostedForm(request, context, []);
  const { intent } = intentOf(formData, intentsOf(allowed));
  const ids = postedIds(formData);
  const search = new URL(request.url).searchParams;
  search.delete('index');
  const here = search.size ? `${back}?${search}` : back;
  if (!ids.length) return redirectWithToast(here, { type: 'error', key: 'leadsconsole:bulk.noneSelected' });
  const ctx = context.service;
  switch (intent) {
    case 'archive':
      return listAction(here, () => archiveLeads(ctx, ids, true), { key: 'leadsconsole:bulk.archived', values: { count: ids.length } });
    case 'restore':
      return listAction(here, () => archiveLeads(ctx, ids, false), { key: 'leadsconsole:bulk.restored', values: { count: ids.length } });
    case 'delete':
      if (formData.get('confirmed') !== 'yes') {
        return answer({ confirm: { intent: 'delete', id: ids.join(','), name: String(ids.length) } }, 200);
      }
      return listAction(here, () => deleteLeads(ctx, ids), { key: 'leadsconsole:bulk.deleted', values: { count: ids.length } });
  }
}

/**
 * What the public lead form shows of its personalization (issue 24 item 4): the head (logo servable to the lead,
 * texts, the organisation's name) and the colours as a contrast-checked theme; null theme without a personalization.
 */
export async function publicLeadFormLook(context: RequestContext, form: PublicLeadForm): Promise<{ branding: LeadBranding; theme: BrandTheme | null }> {
  const look = form.personalization ? await lookOf(context.service, form.personalization) : null;
  return { branding: { ...brandingOf(form), logoUrl: look?.logo?.url ?? null }, theme: look?.theme ?? null };
}

/** What the lead pages' head shows of a public form: its personalization's logo and texts, the organisation's name. */
export function brandingOf(form: PublicLeadForm): LeadBranding {
  const p = form.personalization;
  return {
    organizationName: form.organization.name,
    logoUrl: p?.logo_id ? fileUrl({ id: p.logo_id }) : null,
    imprint: p?.imprint || form.organization.imprint || '',
    privacy: p?.data_privacy || form.organization.data_privacy || '',
  };
}

/**
 * The console lead pages' head: the personalization of the form in use (`?form=`, else the newest form), the
 * organisation's name alone while it has no form.
 */
export async function leadBranding(context: RequestContext, formId: string | null): Promise<LeadBranding> {
  const ctx = context.service;
  const organizationName = context.viewer?.organization?.name ?? '';
  const fallback: LeadBranding = { organizationName, logoUrl: null, imprint: '', privacy: '' };
  const forms = await listLeadForms(ctx);
  const form = (formId && isUuid(formId) ? forms.find((f) => f.id === formId) : undefined) ?? forms[0];
  if (!form) return fallback;
  try {
    return brandingOf(await publicLeadForm(ctx, form.id, ctx.language));
  } catch (error) {
    if (isDomainError(error)) return fallback;
    throw error;
  }
}

/**
 * A filled-in lead form, parsed with the schema built from the stored form (`leadValuesSchema`) as posted: the
 * values stay strings ('' for an empty field; Conform's coercion would turn those into missing values), field errors
 * in the request's language, a service's DomainError onto the form. Like `submitForm` otherwise.
 */
export async function submitLeadValues<S extends z.ZodTypeAny, R>(
  context: RequestContext,
  formData: FormData,
  form: string,
  schema: S,
  work: (values: Record<string, string>) => Promise<R>,
) {
  const t = context.service.t;
  const problems = formDataProblems(formData);
  const submission = parse(formData, {
    resolve: (payload) => {
      if (problems.length) return { error: Object.fromEntries(problems.map(({ path }) => [path, [t('validation:invalidCharacters')]])) };
      const raw = Object.fromEntries(Object.entries(payload).map(([key, value]) => [key, Array.isArray(value) ? value[0] : value]));
      const result = schema.safeParse(raw, { errorMap: createZodErrorMap(t) });
      if (result.success) return { value: result.data as Record<string, string> };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) (error[issue.path.join('.')] ??= []).push(issue.message);
      return { error };
    },
  });
  if (submission.status !== 'success') return { ok: false as const, answer: answer({ form, result: submission.reply() }) };
  const values = submission.value;
  const result = await formAction(submission, () => work(values), { correctFieldsMessage: t('errors:correctFields') });
  if (!result.ok) return { ok: false as const, answer: answer({ form, result: result.reply }, result.status) };
  return { ok: true as const, value: result.value };
}
