import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AuthHeader, BrokenMailLink, MailLinkForm } from '~/components/auth/auth-form';
import { buttonClassName } from '~/components/ui/button';
import { Link } from '~/components/ui/link';
import { SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { submitForm } from '~/server/route-kit.server';
import { confirmAccount } from '~/server/services/accounts';

export { authHandle as handle, authClientLoader as clientLoader, titleFromLoader as meta } from '~/components/auth/auth-form';

export const guards = defineGuards({ public: true, checkLoggedIn: true });

const ActivateSchema = z.object({ email: z.string().trim().min(1), token: z.string().min(1) });

/**
 * The link of the activation mail opens this page; the account is activated by the button (a POST), so mail
 * scanners and link previews that fetch the link do not use up the token.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const query = new URL(request.url).searchParams;
  return {
    title: context.service.t('auth:activate.title'),
    activated: query.get('activated') === '1',
    email: query.get('email') ?? '',
    token: query.get('token') ?? '',
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const done = await submitForm(context, await readForm(request), 'activate', ActivateSchema, ({ email, token }) => confirmAccount(context.service, email, token), {
    markInvalid: context.service.t('auth:activationTokenInvalid'),
    knownFields: [],
    status: 400,
  });
  if (!done.ok) return done.answer;
  return redirect('/activate-account?activated=1');
}

export default function ActivateAccountPage() {
  const { t } = useTranslation('auth');
  const { activated, email, token } = useLoaderData<typeof loader>();
  const [form] = useRouteForm(ActivateSchema, { id: 'activate', answer: useActionData<typeof action>() });

  if (activated) {
    return (
      <>
        <CircleCheck aria-hidden="true" className="mb-4 h-10 w-10 text-brand-green" />
        <AuthHeader title={t('activate.successTitle')} intro={t('activate.successText')} />
        <Link to="/login" plain className={buttonClassName('standardNoMt')}>
          {t('activate.toLogin')}
        </Link>
      </>
    );
  }
  if (!email || !token) {
    return <BrokenMailLink title={t('activate.title')} error={t('activationTokenInvalid')} to="/register" linkText={t('activate.toRegister')} />;
  }
  return (
    <>
      <AuthHeader title={t('activate.title')} intro={t('activate.intro', { email })} />
      <MailLinkForm form={form} email={email} token={token}>
        <SubmitButton className="w-full">{t('activate.submit')}</SubmitButton>
      </MailLinkForm>
      {form.errors?.length ? (
        <p className="mt-6 text-sm">
          <Link to="/login">{t('activate.toLogin')}</Link>
        </p>
      ) : null}
    </>
  );
}
