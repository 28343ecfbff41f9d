import type { LoaderFunctionArgs } from '@remix-run/node';
import { useActionData } from '@remix-run/react';
import { EmailAuthForm } from '~/components/auth/email-auth-form';
import { defineGuards } from '~/lib/guards';
import { emailFormAction } from '~/server/auth/email-form.server';
import { runGuards } from '~/server/guards.server';
import { requestPasswordReset } from '~/server/services/accounts';

export { authHandle as handle, authClientLoader as clientLoader, titleFromLoader as meta } from '~/components/auth/auth-form';

export const guards = defineGuards({ public: true, checkLoggedIn: true });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return { title: context.service.t('auth:forgottenPassword.title') };
}

export const action = emailFormAction(
  guards,
  'forgotten-password',
  (context, email) => requestPasswordReset(context.service, email, '/set-new-password'),
  '/check-email?for=password',
);

export default function ForgottenPasswordPage() {
  const answer = useActionData<typeof action>();
  return <EmailAuthForm id="forgotten-password" texts="forgottenPassword" toLogin="forgottenPassword.toLogin" answer={answer} />;
}
