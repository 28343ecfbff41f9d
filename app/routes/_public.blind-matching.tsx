import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AuthFooterLink, AuthFormErrors, AuthHeader } from '~/components/auth/auth-form';
import { TextField } from '~/components/ui/field';
import { SubmitButton, useRouteForm } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { BlindMatchingSchema, conventionPath } from '~/lib/schemas/blind-matching';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { orNotFound, submitForm } from '~/server/route-kit.server';
import { blindMatchingConvention, blindMatchingRegister } from '~/server/services/accounts';

export { authHandle as handle, authClientLoader as clientLoader, titleFromLoader as meta } from '~/components/auth/auth-form';

export const guards = defineGuards({ public: true, checkLoggedIn: true });

const sentPath = (slug: string) => `/blind-matching?${new URLSearchParams({ convention: slug, sent: '1' })}`;

/**
 * Blind-matching registration for a convention (`/blind-matching?convention={slug}`; the login page of a convention
 * offers the same form): only an e-mail address. `&sent=1` is the answer, the same whatever the address.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const query = new URL(request.url).searchParams;
  const convention = await orNotFound(blindMatchingConvention(context.service, query.get('convention') ?? ''));
  return {
    title: context.service.t('auth:blindMatching.title', { convention: convention.title }),
    convention,
    sent: query.get('sent') === '1',
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const done = await submitForm(
    context,
    await readForm(request),
    'blind-matching',
    BlindMatchingSchema,
    ({ email, convention }) => blindMatchingRegister(context.service, { email, convention }, { ip: context.clientIp ?? null }),
    { markInvalid: true, knownFields: ['email'], correctFieldsMessage: undefined, status: 400 },
  );
  if (!done.ok) return done.answer;
  return redirect(sentPath(done.input.convention.trim().toLowerCase()));
}

export default function BlindMatchingPage() {
  const { t } = useTranslation('auth');
  const { convention, sent } = useLoaderData<typeof loader>();
  const [form, fields] = useRouteForm(BlindMatchingSchema, { id: 'blind-matching', answer: useActionData<typeof action>() });
  const title = t('blindMatching.title', { convention: convention.title });
  if (sent) {
    return (
      <>
        <MailCheck aria-hidden="true" className="mb-4 h-10 w-10 text-brand-green" />
        <AuthHeader title={t('blindMatching.sentTitle')} intro={t('blindMatching.sentIntro', { convention: convention.title })} />
        <p className="text-sm text-gray-700">{t('checkEmail.spamHint')}</p>
        <AuthFooterLink to={conventionPath(convention.slug)}>{title}</AuthFooterLink>
      </>
    );
  }
  return (
    <>
      <AuthHeader title={title} intro={t('blindMatching.intro')} />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <AuthFormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="convention" value={convention.slug} />
        <TextField field={fields.email} type="email" label={t('fields.email')} autoComplete="email" />
        <SubmitButton className="w-full">{t('blindMatching.submit')}</SubmitButton>
      </Form>
      <AuthFooterLink to={`/login?${new URLSearchParams({ next: conventionPath(convention.slug) })}`}>{t('checkEmail.toLogin')}</AuthFooterLink>
    </>
  );
}
