import type { LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { EmailAuthForm } from '~/components/auth/email-auth-form';
import { defineGuards } from '~/lib/guards';
import { emailFormAction } from '~/server/auth/email-form.server';
import { runGuards } from '~/server/guards.server';
import { resendActivationMail } from '~/server/services/accounts';

export { authHandle as handle, authClientLoader as clientLoader, titleFromLoader as meta } from '~/components/auth/auth-form';

export const guards = defineGuards({ public: true, checkLoggedIn: true });

/** Asks for the activation mail again (from the check-e-mail page or a login refused for a not yet activated account). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const email = (new URL(request.url).searchParams.get('email') ?? '').slice(0, 254);
  return { title: context.service.t('auth:resendActivation.title'), email };
}

// the same answer whether or not an account waits for activation under this address
export const action = emailFormAction(
  guards,
  'resend-activation',
  (context, email) => resendActivationMail(context.service, email, { ip: context.clientIp ?? null }),
  '/check-email?for=resent',
);

export default function ResendActivationPage() {
  const { email } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <EmailAuthForm id="resend-activation" texts="resendActivation" toLogin="checkEmail.toLogin" email={email} answer={answer} />;
}
