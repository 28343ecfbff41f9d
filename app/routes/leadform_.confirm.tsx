import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '~/components/ui/button-styles';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { DomainError } from '~/server/services/errors';
import { confirmMailRequest, mailRequestOf } from '~/server/services/leads/mail-requests';

// the page's title is its heading (the root renders handle.title)
export const handle = { i18n: ['common', 'errors', 'leads', 'leadsconsole'], title: 'leadsconsole:mailConfirm.title' };
export const clientLoader = withNamespaces(handle.i18n);

/**
 * `/leadform/confirm?token=` (issue 24 item 2): the address that got the public form's confirmation mail confirms
 * here with a button (a POST, so a mail scanner that opens the link confirms nothing); then the information mail is
 * sent. Public, works without JavaScript; an unknown or expired link says so (no 500).
 */
export const guards = defineGuards({ public: true });

const tokenOf = (request: Request) => (new URL(request.url).searchParams.get('token') ?? '').slice(0, 64);

async function stateOf(context: LoaderFunctionArgs['context'], token: string) {
  try {
    return { ok: true as const, ...(await mailRequestOf(context.service, token)) };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false as const, message: error.message };
    throw error;
  }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const token = tokenOf(request);
  return { token, state: await stateOf(context, token) };
}

export const meta: MetaFunction = () => [{ name: 'robots', content: 'noindex' }];

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const token = tokenOf(request);
  try {
    await confirmMailRequest(context.service, token);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
  const url = new URL(request.url);
  throw redirect(`/leadform/confirm?token=${encodeURIComponent(token)}${url.searchParams.get('lang') ? `&lang=${url.searchParams.get('lang')}` : ''}`);
}

export default function ConfirmLeadMail() {
  const { t } = useTranslation('leadsconsole');
  const { token, state } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-10">
      <section className="space-y-4 rounded-lg bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold">{t('mailConfirm.title')}</h1>
        {!state.ok ? (
          <p role="alert">{state.message}</p>
        ) : state.confirmed ? (
          <p role="status">{t('mailConfirm.done', { organisation: state.organisation })}</p>
        ) : (
          <Form method="post" action={`/leadform/confirm?token=${encodeURIComponent(token)}`} className="space-y-4">
            <p>{t('mailConfirm.question', { organisation: state.organisation })}</p>
            <button type="submit" className={buttonClassName('individual')}>
              {t('mailConfirm.submit')}
            </button>
          </Form>
        )}
      </section>
    </main>
  );
}
