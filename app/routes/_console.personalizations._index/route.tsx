import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ConfirmStep } from '~/components/events/confirm-delete';
import { DeleteObject, ListPageHeader } from '~/components/events/list-sections';
import { buttonClassName } from '~/components/ui/button';
import { FileField, TextField } from '~/components/ui/field';
import { FormErrors, PageSection, RowActionForm, SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { ACCEPT_BY_PURPOSE } from '~/lib/file-limits';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { PersonalizationCreateForm } from '~/lib/schemas/personalization';
import { runGuards } from '~/server/guards.server';
import { confirmedListAction, intentOf, intentsOf, listAction, readPostedForm, submitForm } from '~/server/route-kit.server';
import { DomainError } from '~/server/services/errors';
import { fileUrl } from '~/server/services/files/files.server';
import {
  createPersonalization,
  defaultPersonalizationId,
  deletePersonalization,
  listPersonalizations,
  setDefaultPersonalization,
} from '~/server/services/personalizations/personalizations';
import { redirectWithToast } from '~/server/toast.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'files', 'personalization'], title: 'personalization:list.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'personalization' });

const HERE = '/personalizations';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const rows = await listPersonalizations(context.service);
  const defaultId = await defaultPersonalizationId(context.service);
  return {
    personalizations: rows.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title,
      primaryColor: p.primary_color,
      secondaryColor: p.secondary_color,
      logoUrl: p.logo_id ? fileUrl({ id: p.logo_id }) : null,
      isDefault: p.id === defaultId,
    })),
  };
}

const Intents = intentsOf(['create', 'setDefault', 'delete']);

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const posted = await readPostedForm(request, context, ['create']);
  const { formData, uploaded, failure } = posted;
  const { intent } = intentOf(formData, Intents);
  const id = String(formData.get('id') ?? '');
  switch (intent) {
    case 'delete':
      return confirmedListAction(formData, HERE, () => deletePersonalization(ctx, id), {
        key: 'personalization:list.deleted',
        values: { name: String(formData.get('name') ?? '') },
      });
    case 'setDefault': {
      const title = String(formData.get('name') ?? '');
      return listAction(HERE, () => setDefaultPersonalization(ctx, id), { key: 'personalization:list.defaultSet', values: { title } });
    }
    case 'create': {
      const done = await submitForm(context, formData, intent, PersonalizationCreateForm, ({ title }) => {
        // a refused upload (not an image, too large) is the logo's error, with the others of the form
        if (failure) throw DomainError.fromFieldErrors(failure.errors.map((e) => ({ ...e, field: 'logoId' })));
        return createPersonalization(ctx, { title, logoId: uploaded?.id ?? null });
      });
      if (!done.ok) return done.answer;
      return redirectWithToast(`${HERE}/${done.value.slug}`, { type: 'success', key: 'personalization:list.created', values: { title: done.value.title } });
    }
  }
}

function CreatePersonalization() {
  const { t } = useTranslation('personalization');
  const answer = useActionData<typeof action>();
  const [form, fields] = useRouteForm(PersonalizationCreateForm, { id: 'create', answer });
  const logoErrors = form.allErrors.logoId ?? [];
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="create" />
      <FormErrors errors={form.errors} className="sm:col-span-2" />
      <TextField field={fields.title} label={t('list.title_field')} />
      <FileField
        id="personalization-create-logo"
        label={t('list.logo')}
        hint={t('list.logoHint')}
        error={logoErrors.join(' ')}
        showRequired
        accept={ACCEPT_BY_PURPOSE.IMAGE}
      />
      <div className="sm:col-span-2">
        <SubmitButton>{t('list.create')}</SubmitButton>
      </div>
    </Form>
  );
}

export default function Personalizations() {
  const { t } = useTranslation('personalization');
  const { personalizations } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <ListPageHeader title={t('list.title')} intro={t('list.intro')} />

      {answer?.confirm ? (
        <ConfirmStep confirm={answer.confirm} title={t('list.deleteTitle')} message={t('list.deleteText', { name: answer.confirm.name })} />
      ) : null}

      <PageSection id="personalization-create" title={t('list.createTitle')}>
        <CreatePersonalization />
      </PageSection>

      <PageSection id="personalization-list" title={t('list.yours')} intro={personalizations.length ? t('list.defaultHint') : undefined}>
        {personalizations.length ? (
          <ul className="mt-4 divide-y divide-gray-200">
            {personalizations.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-4 py-4">
                {p.logoUrl ? <img src={p.logoUrl} alt="" width={64} height={36} className="h-9 w-16 rounded object-contain" /> : null}
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {p.title}
                    {p.isDefault ? (
                      <span className="ml-2 rounded-full bg-brand-green/20 px-2 py-0.5 text-xs font-medium text-brand-dark">{t('list.default')}</span>
                    ) : null}
                  </p>
                  <p className="flex items-center gap-2 text-sm text-gray-600">
                    <span aria-hidden="true" className="inline-block h-4 w-4 rounded border border-gray-300" style={{ backgroundColor: p.primaryColor }} />
                    <span aria-hidden="true" className="inline-block h-4 w-4 rounded border border-gray-300" style={{ backgroundColor: p.secondaryColor }} />
                    {t('list.colors', { primary: p.primaryColor, secondary: p.secondaryColor })}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`${HERE}/${p.slug}`}
                    aria-label={t('list.editNamed', { title: p.title })}
                    className={`${buttonClassName('transparent')} !px-3 !py-1.5 text-sm`}
                  >
                    {t('list.edit')}
                  </Link>
                  {p.isDefault ? null : (
                    <RowActionForm
                      intent="setDefault"
                      id={p.id}
                      name={p.title}
                      aria-label={t('list.makeDefaultNamed', { title: p.title })}
                      variant="transparent"
                      className="!px-3 !py-1.5 text-sm"
                    >
                      {t('list.makeDefault')}
                    </RowActionForm>
                  )}
                  <DeleteObject item={{ id: p.id, name: p.title }} keys="list" ns="personalization" />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-gray-600">{t('list.none')}</p>
        )}
      </PageSection>
    </div>
  );
}
