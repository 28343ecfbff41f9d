import { effectiveFeatures, Feature, type FeatureName, hasFeature, salesUserMayUse } from '~/lib/features';
import type { Organization, OrganizationMember } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { permissionDenied, requireViewer } from '../authz';
import { isCurrentMember, isMember, requireMember } from '../access/membership';

/**
 * Who may do what with organisations, their members and invites (spec 001 point 6; decision 004). Plain
 * answers about a viewer and an object, no database access: the services load the object, ask here, and fail
 * or filter; GraphQL field resolvers reach these rules only through the services.
 */

/** Platform staff: the isStaff flag and the platform-admin bit (512) of their current organisation. */
export function isPlatformStaff(viewer: Viewer | null): boolean {
  return Boolean(viewer?.isStaff && (viewer.features & Feature.platformAdmin) === Feature.platformAdmin);
}

/** An organisation (its profile, suites, member count) is seen by its members and platform staff. */
export function mayReadOrganization(viewer: Viewer | null, organizationId: string): boolean {
  return isMember(viewer, organizationId) || isPlatformStaff(viewer);
}

/** Its members are seen by its members and platform staff. */
export function mayReadMembers(viewer: Viewer | null, organizationId: string): boolean {
  return isMember(viewer, organizationId) || isPlatformStaff(viewer);
}

/** Its pending invites are seen by the admins (or the owner) working in it and platform staff. */
export function mayReadInvites(viewer: Viewer | null, organizationId: string): boolean {
  return isCurrentMember(viewer, organizationId, 'admin') || isPlatformStaff(viewer);
}

/**
 * Managing the organisation (its profile, members, roles and invites) needs an admin of it whose organisation
 * has booked user management, as the edit page's feature guard does. For the current organisation the
 * viewer's features count (an API client's token carries them); for another organisation the viewer
 * administers, that organisation's own suites.
 */
export function mayManageOrganization(
  viewer: Viewer | null,
  organization: Pick<Organization, 'id' | 'suites'>,
  membership: Pick<OrganizationMember, 'role' | 'is_owner' | 'sales'> | null,
): boolean {
  if (!viewer || !membership || (membership.role !== 'admin' && !membership.is_owner)) return false;
  const features = isCurrentMember(viewer, organization.id)
    ? viewer.features
    : effectiveFeatures(organization.suites, membership.sales || membership.role === 'sales');
  return hasFeature(features, 'userManagement');
}

/** The current organisation's id when the viewer may manage it (members, roles, invites); else PERMISSION_DENIED. */
export function requireUserManagement(ctx: ServiceContext): { viewer: Viewer; organizationId: string } {
  return requireMember(ctx, { role: 'admin', feature: 'userManagement' });
}

/** Platform staff, or PERMISSION_DENIED. */
export function requirePlatformStaff(ctx: ServiceContext): Viewer {
  const viewer = requireViewer(ctx);
  if (!isPlatformStaff(viewer)) throw permissionDenied(ctx);
  return viewer;
}

/** Why a viewer cannot use a feature: their role does not allow it, or the organisation has not booked it. */
export type FeatureDenial = 'role' | 'suite';

/**
 * A missing feature of the viewer's current organisation (its booked `suites`): a sales user is refused what the
 * organisation has booked but their role does not allow (salesUserMayUse); everything else is not booked.
 */
export function featureDenial(viewer: Viewer, suites: number, feature: FeatureName): FeatureDenial {
  return viewer.sales && hasFeature(suites, feature) && !salesUserMayUse(feature) ? 'role' : 'suite';
}
