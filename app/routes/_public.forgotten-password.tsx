import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { titleFromLoader } from '~/components/auth/auth-form';
import { EmailAuthForm } from '~/components/auth/email-auth-form';
import { failedReply, invalidFormReply } from '~/server/form-replies.server';
import { defineGuards } from '~/lib/guards';
import { ForgottenPasswordSchema } from '~/lib/schemas/auth';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { requestPasswordReset } from '~/server/services/accounts';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'errors', 'validation', 'auth'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction = titleFromLoader;

export const guards = defineGuards({ public: true, checkLoggedIn: true });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return { title: context.service.t('auth:forgottenPassword.title') };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const submission = parseForm(context, await readForm(request), ForgottenPasswordSchema);
  if (submission.status !== 'success') return invalidFormReply(context, submission);
  const result = await formAction(
    submission,
    () => requestPasswordReset(context.service, submission.value.email, '/set-new-password'),
    { knownFields: ['email'] },
  );
  if (!result.ok) return failedReply({ ...result, status: 400 });
  return redirect('/check-email?for=password');
}

export default function ForgottenPasswordPage() {
  return <EmailAuthForm id="forgotten-password" texts="forgottenPassword" toLogin="forgottenPassword.toLogin" />;
}
