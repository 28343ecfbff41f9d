import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { parse as parseCookie } from 'cookie';
import { useTranslation } from 'react-i18next';
import { AuthHeader, FormErrors, titleFromLoader, useAuthForm } from '~/components/auth/auth-form';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import { Link } from '~/components/ui/link';
import { defineGuards } from '~/lib/guards';
import { toLanguage } from '~/lib/language';
import { LoginSchema } from '~/lib/schemas/auth';
import { failedReply, invalidFormReply } from '~/server/form-replies.server';
import {
  clearRedirectAfterLoggingIn,
  readRedirectAfterLoggingIn,
  redirectAfterLoggingIn,
} from '~/server/auth/redirect-cookie.server';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import { runGuards, safeNext } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { LANGUAGE_COOKIE } from '~/server/request-context.server';
import { isDomainError } from '~/server/services/errors';
import { accessOfPath, type AccessKind } from '~/server/services/events/access';
import { login } from '~/server/services/accounts';
import { createSession, destroySession } from '~/server/session.server';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { RememberedRoomRedirect } from '~/components/virtual-rooms/remembered-room';

export const handle = { i18n: ['common', 'errors', 'validation', 'auth'] };
export const clientLoader = withNamespaces(handle.i18n);
type LoginLoaderData = {
  title: string;
  next: string | null;
  /** the protected convention, hall or in-house fair `next` leads to: the page says why it asks for a login */
  protectedBy: { kind: AccessKind; title: string; permissionType: 'LOGGED_IN' | 'TOKEN' } | null;
};
export const meta: MetaFunction = titleFromLoader;

export const guards = defineGuards({ public: true, checkLoggedIn: true });

/** The page remembers `next` (set by the login guard) as the redirectAfterLoggingIn cookie, same-site paths only. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const next = safeNext(new URL(request.url).searchParams.get('next'), '') || null;
  const headers = new Headers();
  if (next) headers.append('Set-Cookie', await redirectAfterLoggingIn.serialize(next));
  return Response.json({ title: context.service.t('auth:login.title'), next, protectedBy: next ? await protectedObject(context, next) : null } satisfies LoginLoaderData, {
    headers,
  });
}

/** The object on a visitor path that a logged-out visitor may not enter (null when `next` names none). */
async function protectedObject(context: LoaderFunctionArgs['context'], next: string): Promise<LoginLoaderData['protectedBy']> {
  try {
    const objects = await accessOfPath(context.service, next);
    const closed = objects.find((o) => o.access === 'login' && o.permission_type !== 'PUBLIC');
    return closed ? { kind: closed.kind, title: closed.title, permissionType: closed.permission_type as 'LOGGED_IN' | 'TOKEN' } : null;
  } catch (error) {
    if (isDomainError(error) && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  const t = context.service.t;
  const submission = parseForm(context, formData, LoginSchema);
  if (submission.status !== 'success') {
    const missing = !String(formData.get('email') ?? '').trim() || !String(formData.get('password') ?? '');
    return invalidFormReply(context, submission, missing ? [t('auth:fillInEmailAndPassword')] : undefined);
  }
  let notActivated = false;
  const result = await formAction(
    submission,
    () =>
      login(context.service, {
        email: submission.value.email,
        password: submission.value.password,
        userAgent: request.headers.get('user-agent'),
        ip: context.clientIp ?? null,
        chosenLanguage: toLanguage(parseCookie(request.headers.get('cookie') ?? '')[LANGUAGE_COOKIE]),
      }).catch((error: unknown) => {
        notActivated = isDomainError(error) && error.code === 'INACTIVE';
        throw error;
      }),
    { knownFields: [] },
  );
  if (!result.ok) {
    // INACTIVE comes only after the right password: offering the activation mail again reveals nothing
    if (notActivated) return Response.json({ ...(await failedReply({ ...result, status: 400 }).json()), resendActivation: submission.value.email }, { status: 400 });
    return failedReply({ ...result, status: 400 });
  }

  const target = safeNext(submission.value.redirectTo, '') || (await readRedirectAfterLoggingIn(request)) || '/';
  const headers = new Headers();
  // a fresh session id at every login; a stale cookie's session row goes away
  await destroySession(context.app.env, context.app.db, context.sessionId);
  const { setCookie } = await createSession(context.app.env, context.app.db, result.value.userId, request.headers.get('user-agent'));
  headers.append('Set-Cookie', setCookie);
  headers.append('Set-Cookie', await clearRedirectAfterLoggingIn());
  return redirect(target, { headers });
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { next, protectedBy } = useLoaderData<LoginLoaderData>();
  const lastResult = useActionData<typeof action>() as (SubmissionResult<string[]> & { resendActivation?: string }) | undefined;
  const navigation = useNavigation();
  const [form, fields] = useAuthForm('login', LoginSchema, lastResult);
  const resendFor = lastResult?.resendActivation;
  return (
    <>
      {/* `/` asked for by a logged-out visitor: back to their standalone room, if one is remembered (issue 17) */}
      {next === '/' ? <RememberedRoomRedirect /> : null}
      <AuthHeader title={t('login.title')} intro={t('login.intro')} />
      {protectedBy ? (
        <p role="note" className="mb-4 rounded-md border-l-4 border-brand-dark bg-brand-grey p-3 text-sm" data-login-reason>
          {t(`login.reason.${protectedBy.permissionType}.${protectedBy.kind}`, { title: protectedBy.title })}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        {next ? <input type="hidden" name="redirectTo" value={next} /> : null}
        <FormErrors errors={form.errors} id={form.errorId} />
        {resendFor ? (
          <p className="text-sm" data-resend-activation>
            <Link to={`/resend-activation?email=${encodeURIComponent(resendFor)}`}>{t('resendActivation.fromLogin')}</Link>
          </p>
        ) : null}
        <TextField field={fields.email} type="email" label={t('fields.email')} autoComplete="username" />
        <TextField field={fields.password} type="password" label={t('fields.password')} autoComplete="current-password" />
        <p className="text-right text-sm">
          <Link to="/forgotten-password">{t('login.forgotten')}</Link>
        </p>
        <Button type="submit" className="w-full" isDisabled={navigation.state === 'submitting'}>
          {t('login.submit')}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        {t('login.noAccount')} <Link to="/register">{t('login.toRegister')}</Link>
      </p>
    </>
  );
}
