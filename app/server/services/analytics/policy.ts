import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { mayUseFeature, requireMember } from '../access/membership';
import { DomainError } from '../errors';

/**
 * Who may read visit statistics (issue 30; spec 000 point 2, `/analytics` under the event suite): members of the
 * organisation they work in now whose suite has the event feature (bit 32): hosts read their conventions, in-house
 * fairs, halls and stages, exhibitors their stands, each organisation its own content pages and rooms. A sales user
 * never has the event feature. Another organisation's object is NOT_FOUND (its existence does not leak).
 * Plain functions, no database access.
 */

export function mayReadAnalytics(viewer: Viewer | null | undefined, organizationId?: string): boolean {
  return mayUseFeature(viewer, 'event', organizationId);
}

/** A member with the event feature (UNAUTHENTICATED without a session, PERMISSION_DENIED otherwise). */
export function requireAnalyticsReader(ctx: ServiceContext) {
  return requireMember(ctx, { feature: 'event' });
}

export const analyticsNotFound = (ctx: ServiceContext, field: string) => new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);

/** The object's statistics are the viewer's when their organisation owns it; NOT_FOUND otherwise. */
export function assertOwnScope(ctx: ServiceContext, owner: string | null | undefined, organizationId: string, field: string) {
  if (!owner || owner !== organizationId) throw analyticsNotFound(ctx, field);
}
