import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthHeader, BrokenMailLink, MailLinkForm, NewPasswordFields } from '~/components/auth/auth-form';
import { Link } from '~/components/ui/link';
import { SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { SetNewPasswordSchema } from '~/lib/schemas/auth';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { submitMailLinkPassword } from '~/server/pages/mail-link-password.server';
import { setPassword } from '~/server/services/accounts';
import { redirectWithToast } from '~/server/toast.server';

export { authHandle as handle, authClientLoader as clientLoader, titleFromLoader as meta } from '~/components/auth/auth-form';

export const guards = defineGuards({ public: true, checkLoggedIn: true });

/** The link of the reset mail: `/set-new-password?email=...&token=...`. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const query = new URL(request.url).searchParams;
  return { title: context.service.t('auth:setNewPassword.title'), email: query.get('email') ?? '', token: query.get('token') ?? '' };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  const done = await submitMailLinkPassword(context, formData, 'set-new-password', 'auth:resetTokenInvalid', ({ email, token, password }) =>
    setPassword(context.service, { email, token, password }),
  );
  if (!done.ok) return done.answer;
  return redirectWithToast('/login', { type: 'success', key: 'auth:setNewPassword.success' });
}

export default function SetNewPasswordPage() {
  const { t } = useTranslation('auth');
  const { email, token } = useLoaderData<typeof loader>();
  const [form, fields] = useRouteForm(SetNewPasswordSchema, { id: 'set-new-password', answer: useActionData<typeof action>(), defaultValue: { email, token } });
  if (!email || !token) {
    return <BrokenMailLink title={t('setNewPassword.title')} error={t('resetTokenInvalid')} to="/forgotten-password" linkText={t('setNewPassword.requestNew')} />;
  }
  return (
    <>
      <AuthHeader title={t('setNewPassword.title')} intro={t('setNewPassword.intro', { email })} />
      <MailLinkForm form={form} email={email} token={token}>
        {/* for password managers: the account the new password belongs to */}
        <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
        <NewPasswordFields password={fields.password} passwordRepeat={fields.passwordRepeat} label={t('fields.newPassword')} />
        <SubmitButton className="w-full">{t('setNewPassword.submit')}</SubmitButton>
      </MailLinkForm>
      {form.errors?.some((e) => e === t('resetTokenInvalid')) ? (
        <p className="mt-6 text-sm">
          <Link to="/forgotten-password">{t('setNewPassword.requestNew')}</Link>
        </p>
      ) : null}
    </>
  );
}
