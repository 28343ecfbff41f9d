import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { titleFromLoader } from '~/components/auth/auth-form';
import { EmailAuthForm } from '~/components/auth/email-auth-form';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { ForgottenPasswordSchema as ResendActivationSchema } from '~/lib/schemas/auth';
import { failedReply, invalidFormReply } from '~/server/form-replies.server';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { resendActivationMail } from '~/server/services/accounts';

export const handle = { i18n: ['common', 'errors', 'validation', 'auth'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction = titleFromLoader;

export const guards = defineGuards({ public: true, checkLoggedIn: true });

/** Asks for the activation mail again (from the check-e-mail page or a login refused for a not yet activated account). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const email = (new URL(request.url).searchParams.get('email') ?? '').slice(0, 254);
  return { title: context.service.t('auth:resendActivation.title'), email };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const submission = parseForm(context, await readForm(request), ResendActivationSchema);
  if (submission.status !== 'success') return invalidFormReply(context, submission);
  const result = await formAction(
    submission,
    () => resendActivationMail(context.service, submission.value.email, { ip: context.clientIp ?? null }),
    { knownFields: ['email'] },
  );
  if (!result.ok) return failedReply({ ...result, status: 400 });
  // the same answer whether or not an account waits for activation under this address
  return redirect('/check-email?for=resent');
}

export default function ResendActivationPage() {
  const { email } = useLoaderData<typeof loader>();
  return <EmailAuthForm id="resend-activation" texts="resendActivation" toLogin="checkEmail.toLogin" email={email} />;
}
