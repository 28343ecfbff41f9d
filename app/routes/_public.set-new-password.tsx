import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthHeader, FormErrors, titleFromLoader, useAuthForm } from '~/components/auth/auth-form';
import { failedReply, invalidFormReply } from '~/server/form-replies.server';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { Link } from '~/components/ui/link';
import { defineGuards } from '~/lib/guards';
import { PASSWORD_MIN_LENGTH, SetNewPasswordSchema } from '~/lib/schemas/auth';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { setPassword } from '~/server/services/accounts';
import { redirectWithToast } from '~/server/toast.server';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'errors', 'validation', 'auth'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction = titleFromLoader;

export const guards = defineGuards({ public: true, checkLoggedIn: true });

/** The link of the reset mail: `/set-new-password?email=...&token=...`. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const query = new URL(request.url).searchParams;
  return { title: context.service.t('auth:setNewPassword.title'), email: query.get('email') ?? '', token: query.get('token') ?? '' };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const t = context.service.t;
  const formData = await readForm(request);
  const submission = parseForm(context, formData, SetNewPasswordSchema);
  if (submission.status !== 'success') {
    const linkBroken = !String(formData.get('email') ?? '') || !String(formData.get('token') ?? '');
    return invalidFormReply(context, submission, [t(linkBroken ? 'auth:resetTokenInvalid' : 'errors:correctFields')]);
  }
  const { email, token, password } = submission.value;
  const result = await formAction(submission, () => setPassword(context.service, { email, token, password }), {
    correctFieldsMessage: t('errors:correctFields'),
    knownFields: ['password', 'passwordRepeat'],
  });
  if (!result.ok) return failedReply({ ...result, status: 400 });
  return redirectWithToast('/login', { type: 'success', key: 'auth:setNewPassword.success' });
}

export default function SetNewPasswordPage() {
  const { t } = useTranslation('auth');
  const { email, token } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  const [form, fields] = useAuthForm('set-new-password', SetNewPasswordSchema, lastResult, { email, token });
  if (!email || !token) {
    return (
      <>
        <AuthHeader title={t('setNewPassword.title')} />
        <FormErrors errors={[t('resetTokenInvalid')]} />
        <p className="mt-6 text-sm">
          <Link to="/forgotten-password">{t('setNewPassword.requestNew')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <AuthHeader title={t('setNewPassword.title')} intro={t('setNewPassword.intro', { email })} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name={fields.email.name} value={email} />
        <input type="hidden" name={fields.token.name} value={token} />
        {/* for password managers: the account the new password belongs to */}
        <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
        <TextField
          field={fields.password}
          type="password"
          label={t('fields.newPassword')}
          description={t('register.passwordHint', { minLength: PASSWORD_MIN_LENGTH })}
          autoComplete="new-password"
        />
        <TextField field={fields.passwordRepeat} type="password" label={t('fields.passwordRepeat')} autoComplete="new-password" />
        <Button type="submit" className="w-full" isDisabled={navigation.state === 'submitting'}>
          {t('setNewPassword.submit')}
        </Button>
      </Form>
      {form.errors?.some((e) => e === t('resetTokenInvalid')) ? (
        <p className="mt-6 text-sm">
          <Link to="/forgotten-password">{t('setNewPassword.requestNew')}</Link>
        </p>
      ) : null}
    </>
  );
}
