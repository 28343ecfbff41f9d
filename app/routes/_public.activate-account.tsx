import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AuthHeader, FormErrors, titleFromLoader, useAuthForm } from '~/components/auth/auth-form';
import { failedReply, invalidFormReply } from '~/server/form-replies.server';
import { Button, buttonClassName } from '~/components/ui/button';
import { Link } from '~/components/ui/link';
import { defineGuards } from '~/lib/guards';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { confirmAccount } from '~/server/services/accounts';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'errors', 'validation', 'auth'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction = titleFromLoader;

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
  const submission = parseForm(context, await readForm(request), ActivateSchema);
  if (submission.status !== 'success') {
    return invalidFormReply(context, submission, [context.service.t('auth:activationTokenInvalid')]);
  }
  const { email, token } = submission.value;
  const result = await formAction(submission, () => confirmAccount(context.service, email, token), { knownFields: [] });
  if (!result.ok) return failedReply({ ...result, status: 400 });
  return redirect('/activate-account?activated=1');
}

export default function ActivateAccountPage() {
  const { t } = useTranslation('auth');
  const { activated, email, token } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const navigation = useNavigation();
  const [form] = useAuthForm('activate', ActivateSchema, lastResult);

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
    return (
      <>
        <AuthHeader title={t('activate.title')} />
        <FormErrors errors={[t('activationTokenInvalid')]} />
        <p className="mt-6 text-sm">
          <Link to="/register">{t('activate.toRegister')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <AuthHeader title={t('activate.title')} intro={t('activate.intro', { email })} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="token" value={token} />
        <Button type="submit" className="w-full" isDisabled={navigation.state === 'submitting'}>
          {t('activate.submit')}
        </Button>
      </Form>
      {form.errors?.length ? (
        <p className="mt-6 text-sm">
          <Link to="/login">{t('activate.toLogin')}</Link>
        </p>
      ) : null}
    </>
  );
}
