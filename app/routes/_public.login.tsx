import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { parse as parseCookie } from 'cookie';
import { useTranslation } from 'react-i18next';
import { AuthFooterLink, AuthFormErrors, AuthHeader } from '~/components/auth/auth-form';
import { TextField } from '~/components/ui/field';
import { Link } from '~/components/ui/link';
import { SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { toLanguage } from '~/lib/language';
import type { FormAnswer } from '~/lib/route-kit';
import { LoginSchema } from '~/lib/schemas/auth';
import {
  clearRedirectAfterLoggingIn,
  readRedirectAfterLoggingIn,
  redirectAfterLoggingIn,
} from '~/server/auth/redirect-cookie.server';
import { runGuards, safeNext } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { LANGUAGE_COOKIE } from '~/server/request-context.server';
import { submitForm } from '~/server/route-kit.server';
import { isDomainError } from '~/server/services/errors';
import { accessOfPath, type KeyedKind as AccessKind } from '~/server/services/access/index';
import { blindMatchingConvention, login } from '~/server/services/accounts';
import { createSession, destroySession } from '~/server/session.server';
import { RememberedRoomRedirect } from '~/components/virtual-rooms/remembered-room';
import { BlindMatchingLoginForm } from '~/components/auth/blind-matching-form';

export { authHandle as handle, authClientLoader as clientLoader, titleFromLoader as meta } from '~/components/auth/auth-form';

type LoginLoaderData = {
  title: string;
  next: string | null;
  /** the protected convention, hall or in-house fair `next` leads to: the page says why it asks for a login */
  protectedBy: { kind: AccessKind; title: string; permissionType: 'LOGGED_IN' | 'TOKEN' } | null;
  /** the convention `next` leads into (its slug): the page offers blind-matching registration for it */
  blindMatching: string | null;
};

export const guards = defineGuards({ public: true, checkLoggedIn: true });

/** The login form's answer: with the address whose account still waits for activation, the page offers the mail again. */
type LoginAnswer = FormAnswer & { resendActivation?: string };

/** The page remembers `next` (set by the login guard) as the redirectAfterLoggingIn cookie, same-site paths only. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const next = safeNext(new URL(request.url).searchParams.get('next'), '') || null;
  const headers = new Headers();
  if (next) headers.append('Set-Cookie', await redirectAfterLoggingIn.serialize(next));
  const protectedBy = next ? await protectedObject(context, next) : null;
  const blindMatching = next ? await conventionOnPath(context, next) : null;
  return data({ title: context.service.t('auth:login.title'), next, protectedBy, blindMatching } satisfies LoginLoaderData, { headers });
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

/** The convention a visitor path leads into (its slug), null when it names none. */
async function conventionOnPath(context: LoaderFunctionArgs['context'], next: string): Promise<string | null> {
  const slug = /^\/convention\/([^/?#]+)/.exec(next)?.[1];
  if (!slug) return null;
  try {
    return (await blindMatchingConvention(context.service, decodeURIComponent(slug))).slug;
  } catch (error) {
    if (isDomainError(error) || error instanceof URIError) return null;
    throw error;
  }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  const t = context.service.t;
  const missing = !String(formData.get('email') ?? '').trim() || !String(formData.get('password') ?? '');
  let inactive = null as string | null;
  const done = await submitForm(
    context,
    formData,
    'login',
    LoginSchema,
    ({ email, password }) =>
      login(context.service, {
        email,
        password,
        userAgent: request.headers.get('user-agent'),
        ip: context.clientIp ?? null,
        chosenLanguage: toLanguage(parseCookie(request.headers.get('cookie') ?? '')[LANGUAGE_COOKIE]),
      }).catch((error: unknown) => {
        if (isDomainError(error) && error.code === 'INACTIVE') inactive = email;
        throw error;
      }),
    { markInvalid: t(missing ? 'auth:fillInEmailAndPassword' : 'errors:correctFields'), knownFields: [], status: 400 },
  );
  if (!done.ok) {
    // INACTIVE comes only after the right password: offering the activation mail again reveals nothing
    return data<LoginAnswer>({ ...done.answer.data, ...(inactive === null ? {} : { resendActivation: inactive }) }, done.answer.init ?? undefined);
  }

  const target = safeNext(done.input.redirectTo, '') || (await readRedirectAfterLoggingIn(request)) || '/';
  const headers = new Headers();
  // a fresh session id at every login; a stale cookie's session row goes away
  await destroySession(context.app.env, context.app.db, context.sessionId);
  const { setCookie } = await createSession(context.app.env, context.app.db, done.value.userId, request.headers.get('user-agent'));
  headers.append('Set-Cookie', setCookie);
  headers.append('Set-Cookie', await clearRedirectAfterLoggingIn());
  return redirect(target, { headers });
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { next, protectedBy, blindMatching } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [form, fields] = useRouteForm(LoginSchema, { id: 'login', answer });
  const resendFor = answer?.resendActivation;
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
        <AuthFormErrors errors={form.errors} id={form.errorId} />
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
        <SubmitButton className="w-full">{t('login.submit')}</SubmitButton>
      </Form>
      {blindMatching ? <BlindMatchingLoginForm convention={blindMatching} /> : null}
      <AuthFooterLink text={t('login.noAccount')} to="/register">{t('login.toRegister')}</AuthFooterLink>
    </>
  );
}
