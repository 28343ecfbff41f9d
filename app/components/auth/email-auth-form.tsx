import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ForgottenPasswordSchema } from '~/lib/schemas/auth';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { Link } from '../ui/link';
import { AuthHeader, FormErrors, useAuthForm } from './auth-form';

/**
 * A public page that asks for an e-mail address and sends a mail to it (forgotten password, activation mail
 * again): heading and intro, the address, the submit button and the way back to the login. Its texts are the
 * `auth` keys `{texts}.title`, `.intro`, `.submit`; the action answers with the form's reply or redirects.
 */
export function EmailAuthForm({ id, texts, toLogin, email }: { id: string; texts: string; toLogin: string; email?: string }) {
  const { t } = useTranslation('auth');
  const lastResult = useActionData() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  const [form, fields] = useAuthForm(id, ForgottenPasswordSchema, lastResult, email === undefined ? undefined : { email });
  return (
    <>
      <AuthHeader title={t(`${texts}.title`)} intro={t(`${texts}.intro`)} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.email} type="email" label={t('fields.email')} autoComplete="email" />
        <Button type="submit" className="w-full" isDisabled={navigation.state === 'submitting'}>
          {t(`${texts}.submit`)}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login">{t(toLogin)}</Link>
      </p>
    </>
  );
}
