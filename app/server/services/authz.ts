import { hasFeature, type FeatureName } from '~/lib/features';
import type { ServiceContext } from '../context.server';
import type { Viewer } from '../viewer.server';
import { DomainError } from './errors';
import { isUuid } from '~/lib/ids';

/** The logged-in viewer, or UNAUTHENTICATED. */
export function requireViewer(ctx: ServiceContext): Viewer {
  if (!ctx.viewer) throw new DomainError('UNAUTHENTICATED', ctx.t('errors:unauthenticated'));
  return ctx.viewer;
}

export function permissionDenied(ctx: ServiceContext): DomainError {
  return new DomainError('PERMISSION_DENIED', ctx.t('errors:permissionDenied'));
}

/**
 * The current organisation has booked the feature (spec 001 point 6). Membership (a member of the current
 * organisation, with a role or a feature) is `requireMember` of services/access/membership.ts.
 */
export function requireFeature(ctx: ServiceContext, feature: FeatureName): void {
  const viewer = requireViewer(ctx);
  if (!hasFeature(viewer.features, feature)) throw permissionDenied(ctx);
}

/** An id from a request that is not even a UUID names nothing: NOT_FOUND (never a database error). */
export function assertId(ctx: ServiceContext, value: string, field = 'id'): string {
  if (!isUuid(value)) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);
  return value;
}
