import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { mayUseFeature, requireMember } from '../access/membership';
import { requireViewer } from '../authz';
import { DomainError } from '../errors';

/**
 * Who may shape an organisation's mails (issue 29; spec 001 points 6 and 8): a member of the current organisation
 * with the email feature (bit 64). Sales users do not have it (their features are narrowed), nor does anyone else;
 * without a session UNAUTHENTICATED, without a current organisation ORG_DOES_NOT_EXIST, else PERMISSION_DENIED.
 * A delivery of another organisation is NOT_FOUND (decision 006).
 */

export function mayManageEmails(viewer: Viewer | null, organizationId: string): boolean {
  return mayUseFeature(viewer, 'email', organizationId);
}

export function orgDoesNotExist(ctx: ServiceContext): DomainError {
  return new DomainError('ORG_DOES_NOT_EXIST', ctx.t('email:errors.orgDoesNotExist'));
}

export function requireEmailManager(ctx: ServiceContext): { viewer: Viewer; organizationId: string } {
  const viewer = requireViewer(ctx);
  if (!viewer.organization) throw orgDoesNotExist(ctx);
  return requireMember(ctx, { feature: 'email' });
}

export function assertOwnDelivery<D extends { organization_id: string }>(ctx: ServiceContext, delivery: D | undefined | null, organizationId: string): D {
  if (!delivery || delivery.organization_id !== organizationId) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'id');
  return delivery;
}
