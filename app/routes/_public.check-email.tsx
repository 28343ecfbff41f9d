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

const REASONS = ['activation', 'password', 'resent'] as const;

/**
 * After registering (activation mail), asking for a new password (`?for=password`, reset mail) or for the activation
 * mail again (`?for=resent`, a neutral text). The activation texts offer to send the mail again.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const asked = new URL(request.url).searchParams.get('for');
  const reason = REASONS.find((r) => r === asked) ?? 'activation';
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
        intro={
          reason === 'password' ? t('checkEmail.passwordIntro') : reason === 'resent' ? t('checkEmail.resentIntro') : t('checkEmail.activationIntro')
        }
      />
      <p className="text-sm text-gray-700">{t('checkEmail.spamHint')}</p>
      {reason === 'password' ? null : (
        <p className="mt-4 text-sm">
          {t('checkEmail.noActivationMail')} <Link to="/resend-activation">{t('checkEmail.resendActivation')}</Link>
        </p>
      )}
      <p className="mt-6 text-sm">
        <Link to="/login">{t('checkEmail.toLogin')}</Link>
      </p>
    </>
  );
}
