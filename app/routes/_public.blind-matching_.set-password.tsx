import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthHeader, BrokenMailLink, MailLinkForm, NewPasswordFields } from '~/components/auth/auth-form';
import { SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { SetNewPasswordSchema } from '~/lib/schemas/auth';
import { conventionPath } from '~/lib/schemas/blind-matching';
import { runGuards, safeNext } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { submitMailLinkPassword } from '~/server/pages/mail-link-password.server';
import { blindMatchingSetPassword } from '~/server/services/accounts';
import { createSession, destroySession } from '~/server/session.server';
import { redirectWithToast } from '~/server/toast.server';

export { authHandle as handle, authClientLoader as clientLoader, titleFromLoader as meta } from '~/components/auth/auth-form';

export const guards = defineGuards({ public: true, checkLoggedIn: true });

/** The convention's visitor path from the link's `convention` (a slug), else the dashboard. */
const landingOf = (convention: unknown) =>
  typeof convention === 'string' && /^[^/?#\\%]{1,255}$/.test(convention) ? safeNext(conventionPath(convention.toLowerCase())) : '/';

/**
 * The link of the blind-matching mail: `/blind-matching/set-password?email=...&token=...&convention=...`. The first
 * password activates the account, logs the visitor in and leads into the convention.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const query = new URL(request.url).searchParams;
  return {
    title: context.service.t('auth:blindMatching.setPassword.title'),
    email: query.get('email') ?? '',
    token: query.get('token') ?? '',
    convention: query.get('convention') ?? '',
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  const done = await submitMailLinkPassword(context, formData, 'blind-matching-set-password', 'auth:activationTokenInvalid', ({ email, token, password }) =>
    blindMatchingSetPassword(context.service, { email, token, password }),
  );
  if (!done.ok) return done.answer;
  const headers = new Headers();
  await destroySession(context.app.env, context.app.db, context.sessionId);
  const { setCookie } = await createSession(context.app.env, context.app.db, done.value.userId, request.headers.get('user-agent'));
  headers.append('Set-Cookie', setCookie);
  return redirectWithToast(landingOf(formData.get('convention')), { type: 'success', key: 'auth:blindMatching.setPassword.success' }, { headers });
}

export default function BlindMatchingSetPasswordPage() {
  const { t } = useTranslation('auth');
  const { email, token, convention } = useLoaderData<typeof loader>();
  const [form, fields] = useRouteForm(SetNewPasswordSchema, {
    id: 'blind-matching-set-password',
    answer: useActionData<typeof action>(),
    defaultValue: { email, token },
  });
  const requestNew = convention ? `/blind-matching?${new URLSearchParams({ convention })}` : '/forgotten-password';
  if (!email || !token) {
    return <BrokenMailLink title={t('blindMatching.setPassword.title')} error={t('activationTokenInvalid')} to={requestNew} linkText={t('blindMatching.setPassword.requestNew')} />;
  }
  return (
    <>
      <AuthHeader title={t('blindMatching.setPassword.title')} intro={t('blindMatching.setPassword.intro', { email })} />
      <MailLinkForm form={form} email={email} token={token}>
        <input type="hidden" name="convention" value={convention} />
        {/* for password managers: the account the new password belongs to */}
        <input type="text" name="username" value={email} autoComplete="username" readOnly hidden />
        <NewPasswordFields password={fields.password} passwordRepeat={fields.passwordRepeat} label={t('fields.password')} />
        <SubmitButton className="w-full">{t('blindMatching.setPassword.submit')}</SubmitButton>
      </MailLinkForm>
    </>
  );
}
