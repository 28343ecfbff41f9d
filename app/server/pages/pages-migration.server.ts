import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { migrationGuards } from '~/lib/pages-migration';
import { runGuards } from '~/server/guards.server';
import { isDomainError } from '~/server/services/errors';
import { runPageMigration, type MigrationKind } from '~/server/services/content-pages/migration';
import { redirectWithToast } from '~/server/toast.server';

/**
 * The two migration pages (`/publicsite-migration`, `/contentgroup-migration`; issue 16): the loader shows the
 * plan (a dry run), the page's one form posts `intent=run` and the action carries the plan out in one transaction,
 * then comes back to the page with a toast, where the plan now says there is nothing to do. Works without
 * JavaScript: the preview is the confirmation step.
 */
export const MIGRATION_PATHS: Record<MigrationKind, string> = {
  PUBLICSITE: '/publicsite-migration',
  CONTENTGROUP: '/contentgroup-migration',
};

export async function migrationLoader(kind: MigrationKind, { request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, migrationGuards);
  const plan = await runPageMigration(context.service, kind, { dryRun: true });
  return { plan };
}

export async function migrationAction(kind: MigrationKind, { request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, migrationGuards);
  const back = MIGRATION_PATHS[kind];
  const formData = await request.formData();
  if (formData.get('intent') !== 'run') throw new Response('Bad Request', { status: 400 });
  try {
    const plan = await runPageMigration(context.service, kind, { dryRun: false });
    return redirectWithToast(back, { type: 'success', key: 'pagesmigration:done', values: { created: plan.created, updated: plan.updated } });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirectWithToast(back, { type: 'error', key: 'errors:raw', values: { message: error.message } });
  }
}
