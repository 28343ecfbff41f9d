import type { LoaderFunctionArgs } from '@remix-run/node';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { orNotFound, resourceJson } from '~/server/route-kit.server';
import { liveVisitors } from '~/server/services/analytics';

/** GET /analytics/live?conventionId=: visitors now and the per-stand funnel, polled by the analytics page (issue 30). */
export const guards = defineGuards({ organization: true, feature: 'event' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const conventionId = new URL(request.url).searchParams.get('conventionId') ?? '';
  const live = await orNotFound(liveVisitors(context.service, conventionId));
  return resourceJson(live);
}
