import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { titleFromLoader } from '~/components/auth/auth-form';
import { AvatarField } from '~/components/avatar/avatar-field';
import { TextField } from '~/components/ui/field';
import { FormErrors, PageHeader, PageSection, resultFor, SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { Link } from '~/components/ui/link';
import { Select } from '~/components/ui/select';
import { defineGuards } from '~/lib/guards';
import { invariantResponse } from '~/lib/route-kit';
import { LANGUAGES } from '~/lib/language';
import { AccountSchema, BUSINESS_CARD_FIELDS, BusinessCardSchema } from '~/lib/schemas/auth';
import { saveAvatar } from '~/server/pages/avatar.server';
import { saveBusinessCard } from '~/server/pages/business-card.server';
import { answer, intentOf, intentsOf, submitForm } from '~/server/route-kit.server';
import { runGuards } from '~/server/guards.server';
import { readPostedForm } from '~/server/posted-form.server';
import { accountUpdate, addressOfUser, me } from '~/server/services/accounts';
import { fileUrl } from '~/server/services/files/files.server';
import { listCountryCodes } from '~/server/services/i18n/languages';
import { redirectWithToast } from '~/server/toast.server';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'errors', 'validation', 'auth'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction = titleFromLoader;

export const guards = defineGuards({ organization: true });

const AccountForm = AccountSchema.extend({ intent: z.literal('account') });
const Intents = intentsOf(['account', 'address', 'avatar-file', 'avatar']);

const ADDRESS_FIELDS = BUSINESS_CARD_FIELDS;
const HERE = '/user-contact';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const profile = await me(context.service);
  invariantResponse(profile);
  const address = await addressOfUser(context.service, profile.id);
  return {
    title: context.service.t('auth:contact.title'),
    profile: {
      email: profile.email,
      firstName: profile.first_name,
      lastName: profile.last_name,
      defaultLanguage: profile.default_language,
      avatarUrl: profile.avatar_id ? fileUrl({ id: profile.avatar_id }) : null,
    },
    address: address
      ? Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, field === 'country' ? address.country.code : address[field]]))
      : { country: 'DE' },
    countries: listCountryCodes(context.service).map((c) => ({ id: c.code, label: c.name })),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const posted = await readPostedForm(request, context, ['avatar-file']);
  const { formData } = posted;
  const { intent } = intentOf(formData, Intents);

  if (intent === 'account') {
    const update = ({ intent: _intent, ...input }: z.output<typeof AccountForm>) => accountUpdate(context.service, input);
    const done = await submitForm(context, formData, 'account', AccountForm, update, { markInvalid: true });
    if (!done.ok) return done.answer;
    return redirectWithToast(HERE, { type: 'success', key: 'auth:contact.accountUpdated' });
  }

  if (intent === 'address') {
    const saved = await saveBusinessCard(context, formData);
    if (!saved.ok) return answer({ form: 'address', result: saved.result }, saved.status);
    return redirectWithToast(HERE, { type: 'success', key: saved.toastKey });
  }

  return saveAvatar(context, posted, intent, HERE);
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function UserContactPage() {
  const { t } = useTranslation('auth');
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { profile } = data;
  const fullName = `${profile.firstName} ${profile.lastName}`.trim() || profile.email;
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageHeader title={t('contact.title')} intro={t('contact.intro')} />

      <PageSection id="avatar" title={t('avatar.section')}>
        <div className="mt-4">
          <AvatarField url={profile.avatarUrl} name={fullName} />
        </div>
      </PageSection>

      {/* keyed by the stored values: after saving, the forms show what the server stored (e.g. the normalised phone) */}
      <AccountSection key={JSON.stringify(profile)} profile={profile} lastResult={resultFor(actionData, 'account')} />
      <AddressSection key={JSON.stringify(data.address)} data={data} lastResult={resultFor(actionData, 'address')} />

      <PageSection id="delete-account" title={t('contact.deleteSection')} intro={t('contact.deleteIntro')}>
        <p className="mt-4">
          <Link to="/delete-account">{t('contact.deleteLink')}</Link>
        </p>
      </PageSection>
    </div>
  );
}

function AccountSection({ profile, lastResult }: { profile: LoaderData['profile']; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const defaultValue = { intent: 'account', firstName: profile.firstName, lastName: profile.lastName, defaultLanguage: profile.defaultLanguage };
  const [form, fields] = useRouteForm(AccountForm, { id: 'account', lastResult, defaultValue });
  const languages = LANGUAGES.map((code) => ({ id: code, label: tc(`languages.${code}`) }));
  return (
    <PageSection id="account" title={t('contact.accountSection')} intro={`${t('contact.email')}: ${profile.email}`}>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="account" />
        <FormErrors errors={form.errors} id={form.errorId} className="sm:col-span-2" />
        <TextField field={fields.firstName} label={t('fields.firstName')} autoComplete="given-name" />
        <TextField field={fields.lastName} label={t('fields.lastName')} autoComplete="family-name" />
        <Select field={fields.defaultLanguage} label={t('fields.defaultLanguage')} options={languages} />
        <div className="sm:col-span-2">
          <SubmitButton>{t('contact.save')}</SubmitButton>
        </div>
      </Form>
    </PageSection>
  );
}

function AddressSection({ data, lastResult }: { data: LoaderData; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation('auth');
  const { profile, address, countries } = data;
  const [form, fields] = useRouteForm(BusinessCardSchema, { id: 'address', lastResult, defaultValue: { ...address, intent: 'address' } });
  return (
    <PageSection id="address" title={t('contact.addressSection')} intro={t('contact.addressIntro')}>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="address" />
        <FormErrors errors={form.errors} id={form.errorId} className="sm:col-span-2" />
        <TextField field={{ name: 'firstNameShown', formId: form.id, initialValue: profile.firstName }} label={t('fields.firstName')} isDisabled />
        <TextField field={{ name: 'lastNameShown', formId: form.id, initialValue: profile.lastName }} label={t('fields.lastName')} isDisabled />
        <TextField field={fields.companyName} label={t('contact.companyName')} autoComplete="organization" className="sm:col-span-2" />
        <TextField field={fields.streetAddress1} label={t('contact.streetAddress1')} autoComplete="address-line1" />
        <TextField field={fields.houseNo} label={t('contact.houseNo')} />
        <TextField field={fields.streetAddress2} label={t('contact.streetAddress2')} autoComplete="address-line2" className="sm:col-span-2" />
        <TextField field={fields.postalCode} label={t('contact.postalCode')} autoComplete="postal-code" />
        <TextField field={fields.city} label={t('contact.city')} autoComplete="address-level2" />
        <TextField field={fields.countryArea} label={t('contact.countryArea')} autoComplete="address-level1" />
        <Select field={fields.country} label={t('contact.country')} options={countries} isRequired />
        <TextField field={fields.phone} type="tel" label={t('contact.phone')} autoComplete="tel" />
        <div className="sm:col-span-2">
          <SubmitButton>{t('contact.saveAddress')}</SubmitButton>
        </div>
      </Form>
    </PageSection>
  );
}
