import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { MigrationView } from '~/components/pages-migration/migration-view';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { migrationGuards } from '~/lib/pages-migration';
import { migrationAction, migrationLoader } from '~/server/pages/pages-migration.server';

export const handle = { i18n: ['common', 'pagesmigration'], title: 'pagesmigration:contentgroup.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = migrationGuards;

export const loader = (args: LoaderFunctionArgs) => migrationLoader('CONTENTGROUP', args);
export const action = (args: ActionFunctionArgs) => migrationAction('CONTENTGROUP', args);

export default function ContentgroupMigrationPage() {
  const { plan } = useLoaderData<typeof loader>();
  return <MigrationView plan={plan} />;
}
