import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LeadPageTitle } from '~/components/leads/console-parts';
import { BulkDeleteStep, LeadBulkForm, LeadFilterForm, LeadPagination, LeadRows } from '~/components/leads/lead-list';
import { PageSection } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { leadPageMeta } from '~/lib/leads/page-meta';
import { parseLeadFilter } from '~/lib/leads/overview-filter';
import { runGuards } from '~/server/guards.server';
import { leadBulkAction, loadLeadList } from '~/server/pages/leads.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'leadsconsole'], title: 'leadsconsole:archive.title' };
export const clientLoader = withNamespaces(handle.i18n);
export const meta = leadPageMeta;

export const guards = defineGuards({ organization: true, feature: 'lead' });

const HERE = '/leads/archive';
const BULK = 'lead-archive-bulk';

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const filter = parseLeadFilter(new URL(request.url).searchParams);
  return loadLeadList(context, filter, true);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return leadBulkAction(request, context, ['restore', 'delete'], HERE);
}

/** Archived leads (issue 18): restore them into the overview or delete them for good (asks first). */
export default function LeadsArchive() {
  const { t } = useTranslation('leadsconsole');
  const { filter, items, total, pageSize, choices } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <LeadPageTitle title={t('archive.title')} />
      <BulkDeleteStep confirm={answer?.confirm} />
      <PageSection id="lead-archive" title={t('archive.listTitle')} intro={t('archive.intro')}>
        <div className="mt-4">
          <LeadFilterForm filter={filter} choices={choices} action={HERE} />
        </div>
        <LeadBulkForm id={BULK} move="restore" className="mt-4 flex flex-wrap gap-2 border-t border-gray-200 pt-4" />
        <LeadRows items={items} bulkForm={BULK} />
        <LeadPagination filter={filter} total={total} pageSize={pageSize} base={HERE} />
      </PageSection>
    </div>
  );
}
