import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthHeader, titleFromLoader } from '~/components/auth/auth-form';
import { clearRedirectAfterLoggingIn } from '~/server/auth/redirect-cookie.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PublicShell } from '~/components/layout/public-shell';
import { Link } from '~/components/ui/link';
import { SubmitButton } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { useRootData } from '~/components/root-data';
import { runGuards } from '~/server/guards.server';
import { logout } from '~/server/services/accounts';
import { serializeToast } from '~/server/toast.server';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'auth'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction = titleFromLoader;

/**
 * GET only asks (a link from another site must not end the session); the button POSTs, which a SameSite=Lax
 * session cookie only accompanies from our own pages. Visitors without a session go to /login.
 */
export const guards = defineGuards({ public: true });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  if (!context.viewer) throw redirect('/login');
  return { title: context.service.t('auth:logout.title') };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const headers = new Headers();
  headers.append('Set-Cookie', await logout(context.service, context.sessionId));
  headers.append('Set-Cookie', await clearRedirectAfterLoggingIn());
  if (context.viewer) headers.append('Set-Cookie', await serializeToast({ type: 'success', key: 'auth:logout.done' }));
  return redirect('/login', { headers });
}

export default function LogoutPage() {
  const { t } = useTranslation('auth');
  const root = useRootData();
  return (
    <PublicShell language={root?.language ?? 'EN'}>
      <AuthHeader title={t('logout.title')} intro={t('logout.question')} />
      <Form method="post" className="flex flex-wrap items-center gap-4">
        <SubmitButton>{t('logout.submit')}</SubmitButton>
        <Link to="/">{t('logout.cancel')}</Link>
      </Form>
    </PublicShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
