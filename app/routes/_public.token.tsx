import { getFormProps } from '@conform-to/react';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthFooterLink, AuthFormErrors, AuthHeader } from '~/components/auth/auth-form';
import { buttonClassName } from '~/components/ui/button-styles';
import { TextField } from '~/components/ui/field';
import { SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { AccessTokenSchema } from '~/lib/schemas/access';
import { runGuards, safeNext } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { submitForm } from '~/server/route-kit.server';
import { accessOfPath, redeemAccessToken, type KeyedKind as AccessKind } from '~/server/services/access/index';
import { isDomainError } from '~/server/services/errors';
import { redirectWithToast } from '~/server/toast.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'access'], title: 'access:token.title' };
export const clientLoader = withNamespaces(handle.i18n);

/**
 * Public, so the page is the access key's page for everyone (issue 24 item 21: a logged-out visitor was sent to a page
 * titled "Log in"); a key is redeemed for a user, so a logged-out visitor is asked to log in first and comes back here.
 */
export const guards = defineGuards({ public: true });

/** The login that brings a logged-out visitor back to this page, with its `next`. */
const loginFirst = (request: Request) => {
  const url = new URL(request.url);
  return `/login?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`;
};

interface TokenPageData {
  next: string;
  /** the protected object that asks for the key, when `next` names one */
  asking: { kind: AccessKind; title: string } | null;
  /** why the viewer cannot get in with any key */
  suspended: string | null;
  /** set for a logged-out visitor: where to log in first */
  login: string | null;
}

/** /token?next=/convention/...: enter the access key of a TOKEN convention, hall or in-house fair. */
export async function loader({ request, context, params }: LoaderFunctionArgs): Promise<TokenPageData> {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const next = safeNext(new URL(request.url).searchParams.get('next'), '');
  if (!context.viewer) return { next, asking: null, suspended: null, login: loginFirst(request) };
  let objects: Awaited<ReturnType<typeof accessOfPath>> = [];
  if (next) {
    try {
      objects = await accessOfPath(ctx, next);
    } catch (error) {
      // a `next` that names nothing protected: the page still takes a key and says what is wrong on submit
      if (!isDomainError(error) || error.code !== 'NOT_FOUND') throw error;
    }
  }
  const suspended = objects.find((o) => o.access === 'suspended');
  const asking = objects.find((o) => o.access === 'key') ?? objects.find((o) => o.permission_type === 'TOKEN');
  return {
    next,
    asking: asking ? { kind: asking.kind, title: asking.title } : null,
    suspended: suspended ? ctx.t('access:errors.suspended', { title: suspended.title }) : null,
    login: null,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  if (!context.viewer) throw redirect(loginFirst(request));
  const ctx = context.service;
  const done = await submitForm(
    context,
    await readForm(request),
    'access-token',
    AccessTokenSchema,
    ({ token, next }) => redeemAccessToken(ctx, { token, next: safeNext(next, '') }, { ip: context.clientIp ?? null }),
    { markInvalid: true, knownFields: ['token'], correctFieldsMessage: undefined, status: 400 },
  );
  if (!done.ok) return done.answer;
  const [first] = done.value.granted;
  return redirectWithToast(
    safeNext(done.value.next),
    first ? { type: 'success', key: 'access:token.granted', values: { title: first.title } } : { type: 'info', key: 'access:token.alreadyOpen' },
  );
}

export default function TokenPage() {
  const { t } = useTranslation('access');
  const { next, asking, suspended, login } = useLoaderData<typeof loader>();
  const [form, fields] = useRouteForm(AccessTokenSchema, { id: 'access-token', answer: useActionData<typeof action>() });
  if (login) {
    return (
      <>
        <AuthHeader title={t('token.title')} intro={t('token.loginFirst')} />
        <a href={login} className={`${buttonClassName('darkBlue')} w-full`}>
          {t('common:actions.login')}
        </a>
        <AuthFooterLink to="/">{t('common:actions.toHome')}</AuthFooterLink>
      </>
    );
  }
  return (
    <>
      <AuthHeader title={t('token.title')} intro={asking ? t(`token.introFor.${asking.kind}`, { title: asking.title }) : t('token.intro')} />
      {suspended ? <AuthFormErrors errors={[suspended]} /> : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="next" value={next} />
        <AuthFormErrors errors={form.errors} id={form.errorId} />
        <TextField field={fields.token} label={t('token.field')} description={t('token.fieldHint')} autoComplete="off" />
        {/* dark blue: white on the brand pink misses the 4.5:1 contrast of WCAG AA */}
        <SubmitButton variant="darkBlue" className="w-full">
          {t('token.submit')}
        </SubmitButton>
      </Form>
      <AuthFooterLink to="/">{t('common:actions.toHome')}</AuthFooterLink>
    </>
  );
}
