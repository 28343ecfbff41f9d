import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormErrors, titleFromLoader, useAuthForm } from '~/components/auth/auth-form';
import { AvatarField } from '~/components/avatar/avatar-field';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { resultFor } from '~/components/ui/route-form';
import { Select } from '~/components/ui/select';
import { defineGuards } from '~/lib/guards';
import { invariantResponse } from '~/lib/route-kit';
import { LANGUAGES } from '~/lib/language';
import { AccountSchema, BUSINESS_CARD_FIELDS, BusinessCardSchema } from '~/lib/schemas/auth';
import { saveBusinessCard } from '~/server/pages/business-card.server';
import { formAction } from '~/server/forms.server';
import { answer, intentOf, intentsOf } from '~/server/route-kit.server';
import { parseForm } from '~/server/forms-zod.server';
import { runGuards } from '~/server/guards.server';
import { readPostedForm } from '~/server/posted-form.server';
import { accountUpdate, addressOfUser, me } from '~/server/services/accounts';
import { isDomainError } from '~/server/services/errors';
import { fileUrl } from '~/server/services/files/files.server';
import { listCountryCodes } from '~/server/services/i18n/languages';
import { redirectWithToast } from '~/server/toast.server';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'errors', 'validation', 'auth'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction = titleFromLoader;

export const guards = defineGuards({ organization: true });

const AccountForm = AccountSchema.extend({ intent: z.literal('account') });
const AvatarForm = z.object({ intent: z.literal('avatar'), avatarId: z.string().uuid() });
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
  const { formData, uploaded, failure } = await readPostedForm(request, context, ['avatar-file']);
  const t = context.service.t;
  const options = { correctFieldsMessage: t('errors:correctFields') };
  const correctFields = { formErrors: [t('errors:correctFields')] };
  const { intent } = intentOf(formData, Intents);

  if (intent === 'account') {
    const submission = parseForm(context, formData, AccountForm);
    if (submission.status !== 'success') return answer({ form: 'account', result: submission.reply(correctFields) });
    const { intent: _intent, ...input } = submission.value;
    const result = await formAction(submission, () => accountUpdate(context.service, input), options);
    if (!result.ok) return answer({ form: 'account', result: result.reply }, result.status);
    return redirectWithToast(HERE, { type: 'success', key: 'auth:contact.accountUpdated' });
  }

  if (intent === 'address') {
    const saved = await saveBusinessCard(context, formData);
    if (!saved.ok) return answer({ form: 'address', result: saved.result }, saved.status);
    return redirectWithToast(HERE, { type: 'success', key: saved.toastKey });
  }

  let avatarId: string;
  if (intent === 'avatar-file') {
    // spec 001 point 8: a failed avatar upload shows the generic error (the size limit has its own message)
    if (!uploaded) return redirectWithToast(HERE, { type: 'error', key: failure?.code === 'FILE_TOO_LARGE' ? 'errors:fileTooLarge' : 'errors:generic' });
    avatarId = uploaded.id;
  } else {
    avatarId = intentOf(formData, AvatarForm).avatarId;
  }
  try {
    await accountUpdate(context.service, { avatarId });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirectWithToast(HERE, { type: 'error', key: 'errors:generic' });
  }
  return redirectWithToast(HERE, { type: 'success', key: 'auth:avatar.updated' });
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
      <header>
        <h1 className="text-2xl font-semibold">{t('contact.title')}</h1>
        <p className="mt-2 text-gray-700">{t('contact.intro')}</p>
      </header>

      <section aria-labelledby="avatar-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="avatar-title" className="mb-4 text-lg font-semibold">
          {t('avatar.section')}
        </h2>
        <AvatarField url={profile.avatarUrl} name={fullName} />
      </section>

      {/* keyed by the stored values: after saving, the forms show what the server stored (e.g. the normalised phone) */}
      <AccountSection key={JSON.stringify(profile)} profile={profile} lastResult={resultFor(actionData, 'account')} />
      <AddressSection
        key={JSON.stringify(data.address)}
        data={data}
        lastResult={resultFor(actionData, 'address')}
      />
    </div>
  );
}

function AccountSection({ profile, lastResult }: { profile: LoaderData['profile']; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useAuthForm('account', AccountForm, lastResult, {
    intent: 'account',
    firstName: profile.firstName,
    lastName: profile.lastName,
    defaultLanguage: profile.defaultLanguage,
  });
  const languages = LANGUAGES.map((code) => ({ id: code, label: tc(`languages.${code}`) }));
  return (
    <section aria-labelledby="account-title" className="rounded-lg bg-white p-6 shadow-sm">
      <h2 id="account-title" className="text-lg font-semibold">
        {t('contact.accountSection')}
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        {t('contact.email')}: {profile.email}
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="account" />
        <div className="sm:col-span-2">
          <FormErrors errors={form.errors} id={form.errorId} />
        </div>
        <TextField field={fields.firstName} label={t('fields.firstName')} autoComplete="given-name" />
        <TextField field={fields.lastName} label={t('fields.lastName')} autoComplete="family-name" />
        <Select
          name={fields.defaultLanguage.name}
          label={t('fields.defaultLanguage')}
          options={languages}
          defaultSelectedKey={profile.defaultLanguage}
          errors={fields.defaultLanguage.errors}
        />
        <div className="sm:col-span-2">
          <Button type="submit" isDisabled={busy}>
            {t('contact.save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function AddressSection({ data, lastResult }: { data: LoaderData; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation('auth');
  const busy = useNavigation().state === 'submitting';
  const { profile, address, countries } = data;
  const [form, fields] = useAuthForm('address', BusinessCardSchema, lastResult, { ...address, intent: 'address' });
  return (
    <section aria-labelledby="address-title" className="rounded-lg bg-white p-6 shadow-sm">
      <h2 id="address-title" className="text-lg font-semibold">
        {t('contact.addressSection')}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{t('contact.addressIntro')}</p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="address" />
        <div className="sm:col-span-2">
          <FormErrors errors={form.errors} id={form.errorId} />
        </div>
        <TextField field={{ name: 'firstNameShown', formId: form.id, initialValue: profile.firstName }} label={t('fields.firstName')} isDisabled />
        <TextField field={{ name: 'lastNameShown', formId: form.id, initialValue: profile.lastName }} label={t('fields.lastName')} isDisabled />
        <TextField field={fields.companyName} label={t('contact.companyName')} autoComplete="organization" className="sm:col-span-2" />
        <TextField field={fields.streetAddress1} label={t('contact.streetAddress1')} autoComplete="address-line1" />
        <TextField field={fields.houseNo} label={t('contact.houseNo')} />
        <TextField field={fields.streetAddress2} label={t('contact.streetAddress2')} autoComplete="address-line2" className="sm:col-span-2" />
        <TextField field={fields.postalCode} label={t('contact.postalCode')} autoComplete="postal-code" />
        <TextField field={fields.city} label={t('contact.city')} autoComplete="address-level2" />
        <TextField field={fields.countryArea} label={t('contact.countryArea')} autoComplete="address-level1" />
        <Select
          name={fields.country.name}
          label={t('contact.country')}
          options={countries}
          defaultSelectedKey={(address.country as string | undefined) ?? 'DE'}
          isRequired
          errors={fields.country.errors}
        />
        <TextField field={fields.phone} type="tel" label={t('contact.phone')} autoComplete="tel" />
        <div className="sm:col-span-2">
          <Button type="submit" isDisabled={busy}>
            {t('contact.saveAddress')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
