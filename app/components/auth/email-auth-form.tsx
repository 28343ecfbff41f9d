import { getFormProps } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ForgottenPasswordSchema } from '~/lib/schemas/auth';
import type { FormAnswer } from '~/lib/route-kit';
import { TextField } from '../ui/field';
import { SubmitButton, useRouteForm } from '../ui/route-form';
import { AuthFooterLink, AuthFormErrors, AuthHeader } from './auth-form';

/**
 * A public page that asks for an e-mail address and sends a mail to it (forgotten password, activation mail
 * again): heading and intro, the address, the submit button and the way back to the login. Its texts are the
 * `auth` keys `{texts}.title`, `.intro`, `.submit`; `answer` is the action's (the form's reply; else it redirects).
 */
export function EmailAuthForm({ id, texts, toLogin, email, answer }: { id: string; texts: string; toLogin: string; email?: string; answer?: FormAnswer }) {
  const { t } = useTranslation('auth');
  const [form, fields] = useRouteForm(ForgottenPasswordSchema, { id, answer, defaultValue: email === undefined ? undefined : { email } });
  return (
    <>
      <AuthHeader title={t(`${texts}.title`)} intro={t(`${texts}.intro`)} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <AuthFormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.email} type="email" label={t('fields.email')} autoComplete="email" />
        <SubmitButton className="w-full">{t(`${texts}.submit`)}</SubmitButton>
      </Form>
      <AuthFooterLink to="/login">{t(toLogin)}</AuthFooterLink>
    </>
  );
}
