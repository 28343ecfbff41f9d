import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AuthHeader, titleFromLoader } from '~/components/auth/auth-form';
import { Link } from '~/components/ui/link';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'auth'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction = titleFromLoader;

export const guards = defineGuards({ public: true, checkLoggedIn: true });

/** After registering (activation mail) or asking for a new password (`?for=password`, reset mail). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const reason = new URL(request.url).searchParams.get('for') === 'password' ? 'password' : 'activation';
  return { title: context.service.t('auth:checkEmail.title'), reason };
}

export default function CheckEmailPage() {
  const { t } = useTranslation('auth');
  const { reason } = useLoaderData<typeof loader>();
  return (
    <>
      <MailCheck aria-hidden="true" className="mb-4 h-10 w-10 text-brand-green" />
      <AuthHeader
        title={t('checkEmail.title')}
        intro={reason === 'password' ? t('checkEmail.passwordIntro') : t('checkEmail.activationIntro')}
      />
      <p className="text-sm text-gray-700">{t('checkEmail.spamHint')}</p>
      <p className="mt-6 text-sm">
        <Link to="/login">{t('checkEmail.toLogin')}</Link>
      </p>
    </>
  );
}
