import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ConfirmStep } from '~/components/events/confirm-delete';
import { LeadFilterForm, LeadPagination, LeadRows } from '~/components/leads/lead-list';
import { buttonClassName } from '~/components/ui/button';
import { PageSection } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { leadPageMeta } from '~/lib/leads/page-meta';
import { leadFilterQuery, parseLeadFilter } from '~/lib/leads/overview-filter';
import { runGuards } from '~/server/guards.server';
import { loadLeadList, leadBulkAction } from '~/server/pages/leads.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'leadsconsole'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta = leadPageMeta;

export const guards = defineGuards({ organization: true, feature: 'lead' });

const HERE = '/leads';
const BULK = 'lead-bulk';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const filter = parseLeadFilter(new URL(request.url).searchParams);
  return loadLeadList(context, filter, false);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return leadBulkAction(request, context, ['archive', 'delete'], HERE);
}

/** The three ways to capture a lead at the stand, large enough for a thumb. */
function NewLead() {
  const { t } = useTranslation('leadsconsole');
  const tile = 'flex flex-col gap-3 rounded-lg border-2 border-brand-dark/20 bg-white p-4';
  const file = 'block w-full text-base file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-2';
  return (
    <section aria-labelledby="new-lead-title" className="rounded-lg bg-brand-dark/5 p-4">
      <h2 id="new-lead-title" className="text-2xl font-semibold">
        {t('overview.newLead')}
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <div className={tile}>
          <h3 className="text-lg font-semibold">{t('overview.byForm')}</h3>
          <p className="text-sm text-gray-700">{t('overview.byFormIntro')}</p>
          <Link to="/leads/leadform" className={`${buttonClassName('standardNoMt')} !py-4 text-center text-lg`}>
            {t('overview.openForm')}
          </Link>
        </div>
        <Form method="post" action="/leads/leadform" encType="multipart/form-data" className={tile}>
          <h3 className="text-lg font-semibold">{t('overview.byCard')}</h3>
          <input type="hidden" name="intent" value="card" />
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('capture.front')}
            <input type="file" name="front" accept="image/*" capture="environment" required className={file} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('capture.back')}
            <input type="file" name="back" accept="image/*" capture="environment" className={file} />
          </label>
          <button type="submit" className={`${buttonClassName('standardNoMt')} !py-4 text-lg`}>
            {t('capture.readCard')}
          </button>
        </Form>
        <Form method="post" action="/leads/leadform" encType="multipart/form-data" className={tile}>
          <h3 className="text-lg font-semibold">{t('overview.byQr')}</h3>
          <input type="hidden" name="intent" value="qrImage" />
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('capture.qrPicture')}
            <input type="file" name="qr" accept="image/*" capture="environment" required className={file} />
          </label>
          <button type="submit" className={`${buttonClassName('standardNoMt')} !py-4 text-lg`}>
            {t('capture.readQr')}
          </button>
          <Link to="/leads/leadform?scan=1" className="text-sm underline">
            {t('overview.scanWithCamera')}
          </Link>
        </Form>
      </div>
    </section>
  );
}

export default function LeadsOverview() {
  const { t } = useTranslation('leadsconsole');
  const { filter, items, total, pageSize, choices } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('overview.title')}</h1>
        <nav aria-label={t('overview.more')} className="flex flex-wrap gap-3 text-sm">
          <Link to="/leads/edit-leadform" className="underline">
            {t('overview.editForm')}
          </Link>
          <Link to="/leads/archive" className="underline">
            {t('overview.archive')}
          </Link>
        </nav>
      </div>

      {answer?.confirm ? (
        <ConfirmStep
          confirm={answer.confirm}
          title={t('bulk.deleteTitle')}
          message={t('bulk.deleteText', { count: Number(answer.confirm.name) })}
        />
      ) : null}

      <NewLead />

      <PageSection id="lead-list" title={t('overview.listTitle')}>
        <div className="mt-4">
          <LeadFilterForm filter={filter} choices={choices} action={HERE} />
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-gray-200 pt-4">
          <Form method="post" id={BULK} className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="archive" className={`${buttonClassName('transparent')} !px-3 !py-2 text-sm`}>
              {t('bulk.archive')}
            </button>
            <button type="submit" name="intent" value="delete" className={`${buttonClassName('transparent')} !px-3 !py-2 text-sm text-brand-red`}>
              {t('bulk.delete')}
            </button>
          </Form>
          <a href={`/resources/leads-csv${leadFilterQuery(filter, { page: 1 })}`} download className={`${buttonClassName('transparent')} !px-3 !py-2 text-sm`}>
            {t('overview.csv')}
          </a>
        </div>
        <LeadRows items={items} bulkForm={BULK} />
        <LeadPagination filter={filter} total={total} pageSize={pageSize} base={HERE} />
      </PageSection>
    </div>
  );
}
