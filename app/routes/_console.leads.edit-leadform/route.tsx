import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '~/components/conventions/native-select';
import { LeadPageTitle, SingleFileForms } from '~/components/leads/console-parts';
import { buttonClassName } from '~/components/ui/button';
import { PageSection } from '~/components/ui/route-form';
import { ACCEPT_BY_PURPOSE } from '~/lib/file-limits';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { leadPageMeta } from '~/lib/leads/page-meta';
import type { LeadFormSchema } from '~/lib/leads/form-schema';
import { runGuards } from '~/server/guards.server';
import { intentOf, listAction, orNotFound, readPostedForm } from '~/server/route-kit.server';
import { pageChoices } from '~/server/services/content-pages/picker';
import { isDomainError } from '~/server/services/errors';
import { fileUrl } from '~/server/services/files/files.server';
import { createLeadForm, getLeadForm, listLeadForms, updateLeadForm, updateLeadFormContentPages } from '~/server/services/leads/forms';
import { listMembers } from '~/server/services/organizations/members';
import { listPersonalizations } from '~/server/services/personalizations/personalizations';
import { redirectWithToast } from '~/server/toast.server';
import { z } from 'zod';
import { applyOp, CreateForm, parseOp, postedSchema } from './forms';
import { SchemaBuilder } from './schema-builder';

export const handle = { i18n: ['common', 'errors', 'validation', 'files', 'pages', 'leadsconsole'], title: 'leadsconsole:builder.pageTitle' };
export const clientLoader = withNamespaces(handle.i18n);
export const meta = leadPageMeta;

export const guards = defineGuards({ organization: true, feature: 'lead' });

const HERE = '/leads/edit-leadform';
/** The builder of form `id` (as posted: encoded, so no posted value can break the redirect's Location header). */
const at = (id: string) => `${HERE}?form=${encodeURIComponent(id)}`;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const forms = await listLeadForms(ctx);
  const wanted = new URL(request.url).searchParams.get('form') ?? forms[0]?.id ?? null;
  const form = wanted ? await orNotFound(getLeadForm(ctx, wanted)) : null;
  const organizationId = context.viewer!.organization!.id;
  const [members, personalizations, pages] = await Promise.all([
    listMembers(ctx),
    // only editors of personalizations list them; others keep the form's choice as it is
    listPersonalizations(ctx).catch((error: unknown): Awaited<ReturnType<typeof listPersonalizations>> => {
      if (isDomainError(error)) return [];
      throw error;
    }),
    pageChoices(ctx, organizationId),
  ]);
  return {
    forms: forms.map((f) => ({ id: f.id, name: f.name })),
    form: form
      ? {
          id: form.id,
          name: form.name,
          sendMail: form.send_mail,
          contactId: form.contact_id,
          personalizationId: form.personalization_id,
          headerUrl: form.header_image_id ? fileUrl({ id: form.header_image_id }) : null,
          schema: form.schema as LeadFormSchema,
          version: form.version,
          contentPageIds: form.contentPages.map((p) => p.id),
        }
      : null,
    members: members.map((m) => ({ id: m.user_id, name: [m.first_name, m.last_name].filter(Boolean).join(' ') || m.email })),
    personalizations: personalizations.map((p) => ({ id: p.id, name: p.title })),
    pages,
  };
}

const Intents = z.object({ intent: z.enum(['create', 'settings', 'header', 'pages', 'schema']) });

/** Field errors of a schema save by position (`0.label`), for the builder. */
function schemaErrorsOf(error: unknown): Record<string, string[]> {
  const byField: Record<string, string[]> = {};
  if (!isDomainError(error)) return byField;
  for (const e of error.errors) (byField[e.field ?? ''] ??= []).push(e.message);
  return byField;
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { formData, uploaded, failure } = await readPostedForm(request, context, ['header']);
  const { intent } = intentOf(formData, Intents);
  const id = String(formData.get('id') ?? '');
  switch (intent) {
    case 'create': {
      const parsed = CreateForm.safeParse(Object.fromEntries(formData));
      if (!parsed.success) return data({ form: 'create', error: ctx.t('validation:required') }, { status: 400 });
      try {
        const created = await createLeadForm(ctx, { name: parsed.data.name, schema: [] });
        return redirectWithToast(at(created.id), { type: 'success', key: 'leadsconsole:builder.created', values: { name: created.name } });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return data({ form: 'create', error: error.message }, { status: 400 });
      }
    }
    case 'settings': {
      const optional = (key: string) => {
        const value = String(formData.get(key) ?? '');
        return value ? value : null;
      };
      const input = {
        name: String(formData.get('name') ?? ''),
        sendMail: formData.get('sendMail') === 'on',
        contactId: optional('contactId'),
        ...(formData.has('personalizationId') ? { personalizationId: optional('personalizationId') } : {}),
      };
      return listAction(at(id), () => updateLeadForm(ctx, id, input), { key: 'leadsconsole:builder.saved' });
    }
    case 'header': {
      if (failure) return redirectWithToast(at(id), { type: 'error', key: 'errors:raw', values: { message: failure.message } });
      const headerImageId = formData.get('remove') === 'yes' ? null : (uploaded?.id ?? null);
      return listAction(at(id), () => updateLeadForm(ctx, id, { headerImageId }), { key: 'leadsconsole:builder.saved' });
    }
    case 'pages': {
      const ids = formData.getAll('contentPageIds').map(String);
      return listAction(at(id), () => updateLeadFormContentPages(ctx, id, ids), { key: 'leadsconsole:builder.saved' });
    }
    case 'schema': {
      const schema = applyOp(postedSchema(formData), parseOp(formData.get('op')), () => crypto.randomUUID());
      try {
        // another organisation's or a missing form is the 404 page, never a 500
        await orNotFound(updateLeadForm(ctx, id, { schema }));
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return data({ form: 'schema', error: ctx.t('errors:correctFields'), schema, fieldErrors: schemaErrorsOf(error) }, { status: 400 });
      }
      return redirectWithToast(at(id), { type: 'success', key: 'leadsconsole:builder.saved' });
    }
  }
}

function CreateLeadForm() {
  const { t } = useTranslation('leadsconsole');
  const answer = useActionData<typeof action>();
  const error = answer && 'form' in answer && answer.form === 'create' ? answer.error : null;
  return (
    <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="create" />
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('builder.newName')}
        <input name="name" required maxLength={200} className="rounded-md border border-gray-300 px-3 py-2" aria-invalid={error ? true : undefined} />
      </label>
      <button type="submit" className={buttonClassName('standardNoMt')}>
        {t('builder.create')}
      </button>
      {error ? (
        <p role="alert" className="w-full text-sm text-brand-red">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

export default function EditLeadForm() {
  const { t } = useTranslation('leadsconsole');
  const { forms, form, members, personalizations, pages } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const schemaAnswer = answer && 'schema' in answer ? answer : null;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <LeadPageTitle title={t('builder.pageTitle')} />
      <PageSection id="lead-forms" title={t('builder.forms')}>
        {forms.length ? (
          <ul className="mt-3 flex flex-wrap gap-2">
            {forms.map((f) => (
              <li key={f.id}>
                <Link
                  to={at(f.id)}
                  aria-current={f.id === form?.id ? 'page' : undefined}
                  className="block rounded-full border border-gray-300 px-3 py-1 text-sm aria-[current]:border-brand-dark aria-[current]:bg-brand-dark aria-[current]:text-white"
                >
                  {f.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-gray-600">{t('builder.noForms')}</p>
        )}
        <CreateLeadForm />
      </PageSection>

      {form ? (
        <>
          <PageSection id="lead-form-settings" title={t('builder.settings')} intro={t('builder.version', { version: form.version })}>
            <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" key={`settings-${form.id}`}>
              <input type="hidden" name="intent" value="settings" />
              <input type="hidden" name="id" value={form.id} />
              <label className="flex flex-col gap-1 text-sm font-medium">
                {t('builder.formName')}
                <input name="name" defaultValue={form.name} required maxLength={200} className="rounded-md border border-gray-300 px-3 py-2" />
              </label>
              <NativeSelect
                name="contactId"
                label={t('builder.contact')}
                emptyLabel={t('builder.noContact')}
                options={members.map((m) => ({ value: m.id, label: m.name }))}
                defaultValue={form.contactId ?? ''}
              />
              {personalizations.length ? (
                <NativeSelect
                  name="personalizationId"
                  label={t('builder.personalization')}
                  emptyLabel={t('builder.defaultPersonalization')}
                  options={personalizations.map((p) => ({ value: p.id, label: p.name }))}
                  defaultValue={form.personalizationId ?? ''}
                />
              ) : null}
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="sendMail" defaultChecked={form.sendMail} className="h-5 w-5" />
                {t('builder.sendMail')}
              </label>
              <div className="sm:col-span-2 flex flex-wrap gap-3">
                <button type="submit" className={buttonClassName('standardNoMt')}>
                  {t('builder.saveSettings')}
                </button>
                <Link to={`/leadform?form=${form.id}`} className="self-center text-sm underline">
                  {t('builder.publicLink')}
                </Link>
              </div>
            </Form>
          </PageSection>

          <PageSection id="lead-form-header" title={t('builder.header')}>
            {form.headerUrl ? <img src={form.headerUrl} alt={t('builder.headerAlt')} className="mt-3 max-h-40 rounded object-cover" /> : null}
            <SingleFileForms
              intent="header"
              fields={{ id: form.id }}
              name="file"
              accept={ACCEPT_BY_PURPOSE.IMAGE}
              label={t('builder.headerFile')}
              upload={t('builder.upload')}
              remove={t('builder.removeHeader')}
              present={Boolean(form.headerUrl)}
            />
          </PageSection>

          <PageSection id="lead-form-pages" title={t('builder.pages')} intro={t('builder.pagesIntro')}>
            <Form method="post" className="mt-3" key={`pages-${form.id}`}>
              <input type="hidden" name="intent" value="pages" />
              <input type="hidden" name="id" value={form.id} />
              {pages.length ? (
                <fieldset>
                  <legend className="sr-only">{t('builder.pages')}</legend>
                  <ul className="grid gap-2 sm:grid-cols-2">
                    {pages.map((p) => (
                      <li key={p.id}>
                        <label className="flex items-center gap-2 text-sm">
                          <input type="checkbox" name="contentPageIds" value={p.id} defaultChecked={form.contentPageIds.includes(p.id)} className="h-5 w-5" />
                          {p.name}
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              ) : (
                <p className="text-sm text-gray-600">{t('builder.noPages')}</p>
              )}
              <button type="submit" className={`${buttonClassName('standardNoMt')} mt-3`}>
                {t('builder.savePages')}
              </button>
            </Form>
          </PageSection>

          <PageSection id="lead-form-schema" title={t('builder.title')} intro={t('builder.intro')}>
            <div className="mt-4">
              <SchemaBuilder
                key={form.id}
                formId={form.id}
                schema={(schemaAnswer?.schema as LeadFormSchema | undefined) ?? form.schema}
                errors={schemaAnswer?.error ? [schemaAnswer.error] : []}
                fieldErrors={schemaAnswer?.fieldErrors ?? {}}
              />
            </div>
          </PageSection>
        </>
      ) : null}
    </div>
  );
}
