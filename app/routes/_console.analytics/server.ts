import type { AppLoadContext } from '@remix-run/node';
import { AnalyticsPageFilterSchema } from '~/lib/schemas/analytics';
import { orNotFound } from '~/server/route-kit.server';
import { analyticsScopes, liveConventions, liveVisitors, visitStatistics } from '~/server/services/analytics';
import { isDomainError } from '~/server/services/errors';

const FILTER_FIELD = {
  convention: 'conventionId',
  exhibition: 'exhibitionId',
  hall: 'hallId',
  stand: 'standId',
  stage: 'stageId',
  room: 'roomId',
  content: 'contentPageId',
} as const;

/** The page's data: the filter from the address (a GET form), the statistics, the objects to filter by, the live conventions. */
export async function analyticsPageData(context: AppLoadContext, request: Request) {
  const url = new URL(request.url);
  const filter = AnalyticsPageFilterSchema.parse(Object.fromEntries(url.searchParams));
  const [kind, id] = filter.scope ? (filter.scope.split(':') as [keyof typeof FILTER_FIELD, string]) : [null, null];
  const scopeInput = kind && id ? { [FILTER_FIELD[kind]]: id } : {};
  let filterError: string | null = null;
  let stats;
  try {
    stats = await orNotFound(visitStatistics(context.service, { ...scopeInput, from: filter.from, to: filter.to }));
  } catch (error) {
    if (!isDomainError(error) || error.code !== 'INVALID') throw error;
    filterError = error.errors[0]?.message ?? error.message;
    stats = await orNotFound(visitStatistics(context.service, scopeInput));
  }
  const [scopes, conventions] = await Promise.all([analyticsScopes(context.service), liveConventions(context.service)]);
  const asked = url.searchParams.get('live');
  const liveId = conventions.find((c) => c.id === asked)?.id ?? conventions[0]?.id ?? null;
  const live = liveId ? await liveVisitors(context.service, liveId) : null;
  return { filter: { scope: filter.scope ?? '', from: stats.from, to: stats.to }, filterError, stats, scopes, conventions, live };
}
