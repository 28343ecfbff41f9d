import { hasFeature, type FeatureName } from '~/lib/features';
import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { permissionDenied, requireViewer } from '../authz';

/**
 * Membership, the one written form of "is this viewer a member of that organisation" (issue 25). Members of an
 * object's organisation always see the object; editing asks for the organisation the viewer works in now, a role
 * where the operation needs one, and the feature its suite must have booked.
 */

export type MemberRole = 'admin' | 'sales';

/** The viewer belongs to the organisation (any of their organisations; with `role`, and that role in the current one). */
export function isMember(viewer: Viewer | null | undefined, organizationId: string | null | undefined, role?: MemberRole): boolean {
  if (!viewer || !organizationId) return false;
  if (!viewer.organizations.some((o) => o.id === organizationId)) return false;
  return role ? isCurrentMember(viewer, organizationId, role) : true;
}

/**
 * The viewer works in this organisation now (their current organisation): with `role` 'admin' an admin or the
 * owner, with 'sales' a member flagged as sales user.
 */
export function isCurrentMember(viewer: Viewer | null | undefined, organizationId: string | null | undefined, role?: MemberRole): boolean {
  if (!viewer || !organizationId || viewer.organization?.id !== organizationId) return false;
  if (role === 'admin') return viewer.role === 'admin' || viewer.isOwner;
  if (role === 'sales') return viewer.sales;
  return true;
}

/** The current organisation has the feature and the viewer works in `organizationId` (when given) now. */
export function mayUseFeature(viewer: Viewer | null | undefined, feature: FeatureName, organizationId?: string): boolean {
  if (!viewer?.organization) return false;
  if (organizationId !== undefined && viewer.organization.id !== organizationId) return false;
  return hasFeature(viewer.features, feature);
}

/**
 * A member of the current organisation (UNAUTHENTICATED without a session, PERMISSION_DENIED otherwise): of
 * `organizationId` when given, with `role` and `feature` when given. Returns the viewer and the organisation's id.
 */
export function requireMember(
  ctx: ServiceContext,
  options: { organizationId?: string; role?: MemberRole; feature?: FeatureName } = {},
): { viewer: Viewer; organizationId: string } {
  const viewer = requireViewer(ctx);
  const organizationId = viewer.organization?.id;
  if (!organizationId) throw permissionDenied(ctx);
  if (options.organizationId !== undefined && options.organizationId !== organizationId) throw permissionDenied(ctx);
  if (options.role && !isCurrentMember(viewer, organizationId, options.role)) throw permissionDenied(ctx);
  if (options.feature && !hasFeature(viewer.features, options.feature)) throw permissionDenied(ctx);
  return { viewer, organizationId };
}
