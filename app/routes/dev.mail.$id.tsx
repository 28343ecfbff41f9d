import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { Guards } from '~/server/guards.server';
import { openMailViewer } from '~/server/mail/dev-viewer.server';
import { getMail } from '~/server/mail/outbox.server';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { invariantResponse } from '~/lib/route-kit';
import { paramsOf } from '~/server/route-kit.server';

export const guards: Guards = { public: true };
export const handle = { i18n: ['common', 'mail'] };
export const clientLoader = withNamespaces(handle.i18n);

/** /dev/mail/{id}: one mail as HTML (sandboxed, no scripts) and as text; 404 in production. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await openMailViewer({ request, context, params }, guards);
  const { id } = paramsOf(params, 'id');
  const mail = await getMail(context.app.db, id);
  invariantResponse(mail, 'Not Found', { status: 404 });
  return {
    mail: { ...mail, createdAt: mail.createdAt.toISOString(), deliveredAt: mail.deliveredAt?.toISOString() ?? null },
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.mail.subject ?? '' }];

export default function DevMailView() {
  const { mail } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-5xl p-6">
      <p className="mb-4">
        <Link className="text-[#283853] underline" to="/dev/mail">
          {t('mail:dev.back')}
        </Link>
      </p>
      <h1 className="mb-2 text-2xl font-bold text-[#283853]">{mail.subject}</h1>
      <dl className="mb-6 grid grid-cols-[max-content_1fr] gap-x-4 text-sm">
        <dt className="font-semibold">{t('mail:dev.to')}</dt>
        <dd>{mail.to}</dd>
        <dt className="font-semibold">{t('mail:dev.status')}</dt>
        <dd>
          {t(`mail:dev.statuses.${mail.status}`)}
          {mail.lastError ? ` (${mail.lastError})` : ''}
        </dd>
      </dl>
      <h2 className="mb-2 text-lg font-semibold">{t('mail:dev.html')}</h2>
      <iframe title={mail.subject} sandbox="" srcDoc={mail.html} className="mb-6 h-[32rem] w-full rounded border bg-white" />
      <h2 className="mb-2 text-lg font-semibold">{t('mail:dev.text')}</h2>
      <pre className="whitespace-pre-wrap rounded border bg-[#f7f7f7] p-4 text-sm">{mail.text}</pre>
    </main>
  );
}
