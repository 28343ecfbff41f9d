import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CameraPictureInput, LeadPageTitle } from '~/components/leads/console-parts';
import { BulkDeleteStep, LeadBulkForm, LeadFilterForm, LeadPagination, LeadRows } from '~/components/leads/lead-list';
import { buttonClassName } from '~/components/ui/button';
import { PageSection } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { leadPageMeta } from '~/lib/leads/page-meta';
import { leadFilterQuery, parseLeadFilter } from '~/lib/leads/overview-filter';
import { runGuards } from '~/server/guards.server';
import { loadLeadList, leadBulkAction } from '~/server/pages/leads.server';
import { csvDateTime } from '~/server/services/leads/csv-cells';
import { refusedMailRequests } from '~/server/services/leads/mail-requests';

export const handle = { i18n: ['common', 'errors', 'validation', 'leadsconsole'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta = leadPageMeta;

export const guards = defineGuards({ organization: true, feature: 'lead' });

const HERE = '/leads';
const BULK = 'lead-bulk';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const filter = parseLeadFilter(new URL(request.url).searchParams);
  const list = await loadLeadList(context, filter, false);
  const refused = await refusedMailRequests(context.service);
  return { ...list, refusedMails: refused.map((row) => ({ ...row, createdAt: csvDateTime(row.createdAt) })) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return leadBulkAction(request, context, ['archive', 'delete'], HERE);
}

const TILE = 'flex flex-col gap-3 rounded-lg border-2 border-brand-dark/20 bg-white p-4';
const BIG_BUTTON = `${buttonClassName('standardNoMt')} !py-4 text-lg`;

/** A way to capture a lead from pictures: a form posted to the capture page, which reads them and fills its form. */
function ReadPicturesTile({ title, intent, submit, children, after }: { title: string; intent: string; submit: string; children: ReactNode; after?: ReactNode }) {
  return (
    <Form method="post" action="/leads/leadform" encType="multipart/form-data" className={TILE}>
      <h3 className="text-lg font-semibold">{title}</h3>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button type="submit" className={BIG_BUTTON}>
        {submit}
      </button>
      {after}
    </Form>
  );
}

/** The three ways to capture a lead at the stand, large enough for a thumb. */
function NewLead() {
  const { t } = useTranslation('leadsconsole');
  return (
    <section aria-labelledby="new-lead-title" className="rounded-lg bg-brand-dark/5 p-4">
      <h2 id="new-lead-title" className="text-2xl font-semibold">
        {t('overview.newLead')}
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <div className={TILE}>
          <h3 className="text-lg font-semibold">{t('overview.byForm')}</h3>
          <p className="text-sm text-gray-700">{t('overview.byFormIntro')}</p>
          <Link to="/leads/leadform" className={`${BIG_BUTTON} text-center`}>
            {t('overview.openForm')}
          </Link>
        </div>
        <ReadPicturesTile title={t('overview.byCard')} intent="card" submit={t('capture.readCard')}>
          <CameraPictureInput label={t('capture.front')} name="front" required />
          <CameraPictureInput label={t('capture.back')} name="back" />
        </ReadPicturesTile>
        <ReadPicturesTile
          title={t('overview.byQr')}
          intent="qrImage"
          submit={t('capture.readQr')}
          after={
            <Link to="/leads/leadform?scan=1" className="text-sm underline">
              {t('overview.scanWithCamera')}
            </Link>
          }
        >
          <CameraPictureInput label={t('capture.qrPicture')} name="qr" required />
        </ReadPicturesTile>
      </div>
    </section>
  );
}

/**
 * Information mails the public form did not send because a limit was reached (issue 24 item 2): someone may be using
 * the form to mail a stranger. Shown only when there are any.
 */
function RefusedMails() {
  const { t } = useTranslation('leadsconsole');
  const { refusedMails } = useLoaderData<typeof loader>();
  if (!refusedMails.length) return null;
  return (
    <PageSection id="refused-mails" title={t('refusedMails.title')}>
      <p className="mt-2 text-sm text-gray-700">{t('refusedMails.intro')}</p>
      <table className="mt-4 w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3">{t('refusedMails.when')}</th>
            <th scope="col" className="py-1 pr-3">{t('refusedMails.address')}</th>
            <th scope="col" className="py-1 pr-3">{t('refusedMails.form')}</th>
            <th scope="col" className="py-1">{t('refusedMails.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {refusedMails.map((row) => (
            <tr key={row.id} className="border-t border-gray-200">
              <td className="py-1 pr-3 whitespace-nowrap">{row.createdAt}</td>
              <td className="py-1 pr-3 break-all">{row.leadSlug ? <Link to={`/leads/${row.leadSlug}`} className="underline">{row.email}</Link> : row.email}</td>
              <td className="py-1 pr-3">{row.formName ?? ''}</td>
              <td className="py-1">{t(row.status === 'THROTTLED_ADDRESS' ? 'refusedMails.byAddress' : 'refusedMails.byClient')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PageSection>
  );
}

export default function LeadsOverview() {
  const { t } = useTranslation('leadsconsole');
  const { filter, items, total, pageSize, choices } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <LeadPageTitle title={t('overview.title')}>
        <nav aria-label={t('overview.more')} className="flex flex-wrap gap-3 text-sm">
          <Link to="/leads/edit-leadform" className="underline">
            {t('overview.editForm')}
          </Link>
          <Link to="/leads/archive" className="underline">
            {t('overview.archive')}
          </Link>
        </nav>
      </LeadPageTitle>

      <BulkDeleteStep confirm={answer?.confirm} />

      <NewLead />

      <PageSection id="lead-list" title={t('overview.listTitle')}>
        <div className="mt-4">
          <LeadFilterForm filter={filter} choices={choices} action={HERE} />
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-gray-200 pt-4">
          <LeadBulkForm id={BULK} move="archive" className="flex flex-wrap gap-2" />
          <a href={`/resources/leads-csv${leadFilterQuery(filter, { page: 1 })}`} download className={`${buttonClassName('transparent')} !px-3 !py-2 text-sm`}>
            {t('overview.csv')}
          </a>
        </div>
        <LeadRows items={items} bulkForm={BULK} />
        <LeadPagination filter={filter} total={total} pageSize={pageSize} base={HERE} />
      </PageSection>

      <RefusedMails />
    </div>
  );
}
