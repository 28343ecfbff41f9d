import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { AuthFooterLink, AuthFormErrors, AuthHeader } from '~/components/auth/auth-form';
import { TextField } from '~/components/ui/field';
import { SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { AccessTokenSchema } from '~/lib/schemas/access';
import { runGuards, safeNext } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { submitForm } from '~/server/route-kit.server';
import { accessOfPath, redeemAccessToken, type AccessKind } from '~/server/services/events/access';
import { isDomainError } from '~/server/services/errors';
import { redirectWithToast } from '~/server/toast.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'access'], title: 'access:token.title' };
export const clientLoader = withNamespaces(handle.i18n);

/** Not public: a logged-out visitor logs in first and comes back here (with `next`) afterwards. */
export const guards = defineGuards({});

interface TokenPageData {
  next: string;
  /** the protected object that asks for the key, when `next` names one */
  asking: { kind: AccessKind; title: string } | null;
  /** why the viewer cannot get in with any key */
  suspended: string | null;
}

/** /token?next=/convention/...: enter the access key of a TOKEN convention, hall or in-house fair. */
export async function loader({ request, context, params }: LoaderFunctionArgs): Promise<TokenPageData> {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const next = safeNext(new URL(request.url).searchParams.get('next'), '');
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
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const done = await submitForm(
    context,
    await readForm(request),
    'access-token',
    AccessTokenSchema,
    ({ token, next }) => redeemAccessToken(ctx, { token, next: safeNext(next, '') }),
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
  const { next, asking, suspended } = useLoaderData<typeof loader>();
  const [form, fields] = useRouteForm(AccessTokenSchema, { id: 'access-token', answer: useActionData<typeof action>() });
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
