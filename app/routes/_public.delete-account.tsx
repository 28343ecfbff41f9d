import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthFormErrors, AuthHeader } from '~/components/auth/auth-form';
import { Link } from '~/components/ui/link';
import { SubmitButton } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { invariantResponse } from '~/lib/route-kit';
import { clearRedirectAfterLoggingIn } from '~/server/auth/redirect-cookie.server';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { intentOf, intentsOf } from '~/server/route-kit.server';
import { accountDelete, accountRequestDeletion, logout, me, organizationsNeedingHandOver } from '~/server/services/accounts';
import { isDomainError } from '~/server/services/errors';
import { serializeToast } from '~/server/toast.server';

export { authHandle as handle, authClientLoader as clientLoader, titleFromLoader as meta } from '~/components/auth/auth-form';

/**
 * `/delete-account`: where a user deletes their account (spec 001 point 7, accountRequestDeletion / accountDelete).
 * Without a token it offers the confirmation mail; the mail's link (`?token=`) asks once more and deletes. A logged-out
 * user is sent to /login?next= first. The last admin of an organisation with other members is told to hand over.
 */
export const guards = defineGuards({});

const HERE = '/delete-account';
const Intents = intentsOf(['request', 'delete']);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const user = await me(context.service);
  invariantResponse(user);
  return {
    title: context.service.t('auth:deletion.title'),
    email: user.email,
    token: new URL(request.url).searchParams.get('token') ?? '',
    // after the mail went out (the message stays on the page, with and without scripts)
    sent: new URL(request.url).searchParams.get('sent') === '1',
    handOver: await organizationsNeedingHandOver(context.service, user.id),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  const { intent } = intentOf(formData, Intents);
  try {
    if (intent === 'request') {
      await accountRequestDeletion(context.service);
      return redirect(`${HERE}?sent=1`);
    }
    await accountDelete(context.service, String(formData.get('token') ?? ''));
  } catch (error) {
    if (isDomainError(error)) return Response.json({ error: error.message, code: error.code }, { status: 400 });
    throw error;
  }
  const headers = new Headers();
  headers.append('Set-Cookie', await logout(context.service, context.sessionId));
  headers.append('Set-Cookie', await clearRedirectAfterLoggingIn());
  headers.append('Set-Cookie', await serializeToast({ type: 'success', key: 'auth:deletion.done' }));
  return redirect('/login', { headers });
}

export default function DeleteAccountPage() {
  const { t } = useTranslation('auth');
  const { email, token, sent, handOver } = useLoaderData<typeof loader>();
  const answer = useActionData<{ error: string; code: string }>();
  const tokenRefused = answer?.code === 'INVALID';
  if (handOver.length) {
    return (
      <>
        <AuthHeader title={t('deletion.title')} />
        <section aria-labelledby="hand-over" className="space-y-3 text-sm">
          <h2 id="hand-over" className="text-lg font-semibold">
            {t('deletion.handOverTitle')}
          </h2>
          <p role="alert">{t('deletion.handOverFirst', { organizations: handOver.map((o) => o.name).join(', ') })}</p>
          <p>
            <Link to="/edit-organisation">{t('deletion.manageMembers')}</Link>
          </p>
        </section>
      </>
    );
  }
  return (
    <>
      <AuthHeader title={t('deletion.title')} intro={t('deletion.intro')} />
      <AuthFormErrors errors={answer ? [answer.error] : null} />
      {token && !tokenRefused ? (
        <Form method="post" className="mt-4 space-y-4">
          <p className="text-sm font-medium">{t('deletion.confirmIntro', { email })}</p>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="token" value={token} />
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton>{t('deletion.confirm')}</SubmitButton>
            <Link to="/">{t('deletion.cancel')}</Link>
          </div>
        </Form>
      ) : (
        <Form method="post" className="mt-4 space-y-4">
          {sent ? (
            <p role="status" className="rounded-md border border-brand-dark/20 bg-gray-50 px-3 py-2 text-sm font-medium">
              {t('deletion.requested')}
            </p>
          ) : (
            <p className="text-sm">{t('deletion.requestIntro')}</p>
          )}
          <input type="hidden" name="intent" value="request" />
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton>{tokenRefused || sent ? t('deletion.requestNew') : t('deletion.request')}</SubmitButton>
            <Link to="/">{t('deletion.cancel')}</Link>
          </div>
        </Form>
      )}
    </>
  );
}
