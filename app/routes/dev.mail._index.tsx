import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { TableHead } from '~/components/ui/table';
import type { Guards } from '~/server/guards.server';
import { openMailViewer } from '~/server/mail/dev-viewer.server';
import { listMails } from '~/server/mail/outbox.server';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const guards: Guards = { public: true };
export const handle = { i18n: ['common', 'mail'] };
export const clientLoader = withNamespaces(handle.i18n);

/** /dev/mail: the mails the app wrote (kept here when no SMTP_URL is set); 404 in production. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await openMailViewer({ request, context, params }, guards);
  const mails = await listMails(context.app.db, { limit: 200 });
  return {
    title: context.service.t('mail:dev.title'),
    mails: mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, status: m.status, createdAt: m.createdAt.toISOString() })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? '' }];

export default function DevMailList() {
  const { mails } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="mb-6 text-2xl font-bold text-[#283853]">{t('mail:dev.title')}</h1>
      {mails.length === 0 ? (
        <p>{t('mail:dev.empty')}</p>
      ) : (
        <table className="w-full border-collapse text-left text-sm">
          <TableHead columns={[t('mail:dev.date'), t('mail:dev.to'), t('mail:dev.subject'), t('mail:dev.status')]} cellClassName="py-2 pr-4" />
          <tbody>
            {mails.map((mail) => (
              <tr key={mail.id} className="border-b">
                <td className="py-2 pr-4 whitespace-nowrap">{format.format(new Date(mail.createdAt))}</td>
                <td className="py-2 pr-4">{mail.to}</td>
                <td className="py-2 pr-4">
                  <Link className="text-[#283853] underline" to={`/dev/mail/${mail.id}`}>
                    {mail.subject}
                  </Link>
                </td>
                <td className="py-2">{t(`mail:dev.statuses.${mail.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </main>
  );
}
