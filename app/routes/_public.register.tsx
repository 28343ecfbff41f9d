import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthFooterLink, AuthFormErrors, AuthHeader, NewPasswordFields } from '~/components/auth/auth-form';
import { TextField } from '~/components/ui/field';
import { SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { Select } from '~/components/ui/select';
import { defineGuards } from '~/lib/guards';
import { LANGUAGES } from '~/lib/language';
import { RegisterSchema } from '~/lib/schemas/auth';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { submitForm } from '~/server/route-kit.server';
import { accountRegister } from '~/server/services/accounts';

export { authHandle as handle, authClientLoader as clientLoader, titleFromLoader as meta } from '~/components/auth/auth-form';

export const guards = defineGuards({ public: true, checkLoggedIn: true });

const FIELDS = ['email', 'firstName', 'lastName', 'password', 'passwordRepeat', 'defaultLanguage'] as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return { title: context.service.t('auth:register.title'), language: context.language };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const done = await submitForm(
    context,
    await readForm(request),
    'register',
    RegisterSchema,
    ({ passwordRepeat: _repeat, ...input }) => accountRegister(context.service, input, '/activate-account'),
    { markInvalid: true, knownFields: FIELDS },
  );
  if (!done.ok) return done.answer;
  return redirect('/check-email');
}

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const { language } = useLoaderData<typeof loader>();
  const [form, fields] = useRouteForm(RegisterSchema, { id: 'register', answer: useActionData<typeof action>(), defaultValue: { defaultLanguage: language } });
  const languages = LANGUAGES.map((code) => ({ id: code, label: tc(`languages.${code}`) }));
  return (
    <>
      <AuthHeader title={t('register.title')} intro={t('register.intro')} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <AuthFormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.email} type="email" label={t('fields.email')} autoComplete="email" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.firstName} label={t('fields.firstName')} autoComplete="given-name" />
          <TextField field={fields.lastName} label={t('fields.lastName')} autoComplete="family-name" />
        </div>
        <NewPasswordFields password={fields.password} passwordRepeat={fields.passwordRepeat} label={t('fields.password')} />
        <Select
          name={fields.defaultLanguage.name}
          label={t('fields.defaultLanguage')}
          options={languages}
          defaultSelectedKey={(fields.defaultLanguage.initialValue as string | undefined) ?? language}
          errors={fields.defaultLanguage.errors}
        />
        <SubmitButton className="w-full">{t('register.submit')}</SubmitButton>
      </Form>
      <AuthFooterLink text={t('register.haveAccount')} to="/login">{t('register.toLogin')}</AuthFooterLink>
    </>
  );
}
