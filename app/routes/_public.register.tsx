import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthHeader, FormErrors, titleFromLoader, useAuthForm } from '~/components/auth/auth-form';
import { failedReply, invalidFormReply } from '~/server/form-replies.server';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { Link } from '~/components/ui/link';
import { Select } from '~/components/ui/select';
import { defineGuards } from '~/lib/guards';
import { LANGUAGES } from '~/lib/language';
import { PASSWORD_MIN_LENGTH, RegisterSchema } from '~/lib/schemas/auth';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { accountRegister } from '~/server/services/accounts';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'errors', 'validation', 'auth'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction = titleFromLoader;

export const guards = defineGuards({ public: true, checkLoggedIn: true });

const FIELDS = ['email', 'firstName', 'lastName', 'password', 'passwordRepeat', 'defaultLanguage'] as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return { title: context.service.t('auth:register.title'), language: context.language };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const submission = parseForm(context, await readForm(request), RegisterSchema);
  if (submission.status !== 'success') return invalidFormReply(context, submission);
  const { passwordRepeat: _repeat, ...input } = submission.value;
  const result = await formAction(submission, () => accountRegister(context.service, input, '/activate-account'), {
    correctFieldsMessage: context.service.t('errors:correctFields'),
    knownFields: FIELDS,
  });
  if (!result.ok) return failedReply(result);
  return redirect('/check-email');
}

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const { language } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  const [form, fields] = useAuthForm('register', RegisterSchema, lastResult, { defaultLanguage: language });
  const languages = LANGUAGES.map((code) => ({ id: code, label: tc(`languages.${code}`) }));
  return (
    <>
      <AuthHeader title={t('register.title')} intro={t('register.intro')} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.email} type="email" label={t('fields.email')} autoComplete="email" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.firstName} label={t('fields.firstName')} autoComplete="given-name" />
          <TextField field={fields.lastName} label={t('fields.lastName')} autoComplete="family-name" />
        </div>
        <TextField
          field={fields.password}
          type="password"
          label={t('fields.password')}
          description={t('register.passwordHint', { minLength: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
        />
        <TextField field={fields.passwordRepeat} type="password" label={t('fields.passwordRepeat')} autoComplete="new-password" />
        <Select
          name={fields.defaultLanguage.name}
          label={t('fields.defaultLanguage')}
          options={languages}
          defaultSelectedKey={(fields.defaultLanguage.initialValue as string | undefined) ?? language}
          errors={fields.defaultLanguage.errors}
        />
        <Button type="submit" className="w-full" isDisabled={navigation.state === 'submitting'}>
          {t('register.submit')}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        {t('register.haveAccount')} <Link to="/login">{t('register.toLogin')}</Link>
      </p>
    </>
  );
}
