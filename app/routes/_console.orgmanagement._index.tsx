import type { LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { TableHead } from '~/components/ui/table';
import { formatDate } from '~/lib/format';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { listOrganizations } from '~/server/services/organizations/organizations';
import { hasPackage } from '~/server/services/organizations/suites';
import { useRootData } from '~/components/root-data';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'org'], title: 'org:management.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, staff: true, feature: 'platformAdmin' });

const PAGE_SIZE = 25;
const PACKAGES = ['BASIC', 'EVENT', 'SALES', 'DATA', 'DLG'] as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const url = new URL(request.url);
  const search = url.searchParams.get('q')?.slice(0, 200) ?? '';
  const page = Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1);
  const result = await listOrganizations(context.service, { search, first: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return {
    search,
    page,
    totalCount: result.totalCount,
    hasNextPage: result.hasNextPage,
    organizations: result.items.map((o) => ({
      slug: o.slug,
      name: o.name,
      members: o.member_count,
      created: String(o.created_at),
      packages: PACKAGES.filter((p) => hasPackage(o.suites, p)),
    })),
  };
}

export default function OrgManagement() {
  const { t } = useTranslation('org');
  const data = useLoaderData<typeof loader>();
  const language = useRootData()?.language ?? 'EN';
  const pageLink = (page: number) => `?${new URLSearchParams({ ...(data.search ? { q: data.search } : {}), page: String(page) })}`;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-semibold">{t('management.title')}</h1>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-64 flex-1 flex-col gap-1 text-sm font-medium">
          {t('management.search')}
          <input
            type="search"
            name="q"
            defaultValue={data.search}
            className="rounded-md border border-gray-300 bg-white px-3 py-2 font-normal"
          />
        </label>
        <Button type="submit" variant="darkBlue">
          {t('management.searchButton')}
        </Button>
      </Form>
      <p className="text-sm text-gray-700" aria-live="polite">
        {t('management.count', { count: data.totalCount })}
      </p>
      {data.organizations.length === 0 ? (
        <p>{t('management.none')}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <TableHead columns={[t('management.name'), t('management.members'), t('management.packages'), t('management.created')]} cellClassName="px-4 py-2" />
            <tbody>
              {data.organizations.map((o) => (
                <tr key={o.slug} className="border-b last:border-0">
                  <td className="px-4 py-2">
                    <Link to={`/orgmanagement/${o.slug}`} className="font-medium underline">
                      {o.name}
                    </Link>
                  </td>
                  <td className="px-4 py-2">{o.members}</td>
                  <td className="px-4 py-2">{o.packages.map((p) => t(`management.packageNames.${p}`)).join(', ')}</td>
                  <td className="px-4 py-2">{formatDate(o.created, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label={t('management.title')} className="flex gap-4">
        {data.page > 1 ? (
          <Link to={pageLink(data.page - 1)} className="underline">
            {t('management.previous')}
          </Link>
        ) : null}
        {data.hasNextPage ? (
          <Link to={pageLink(data.page + 1)} className="underline">
            {t('management.next')}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
