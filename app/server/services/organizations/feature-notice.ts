import { Organization, OrganizationMember } from '#db/models/index';
import { Feature, type FeatureName, suiteForFeature, type SuiteName } from '~/lib/features';
import type { ServiceContext } from '../../context.server';
import { requireMember } from '../access/membership';
import { featureDenial } from './policy';

export interface OrganizationContact {
  name: string;
  email: string;
}

/**
 * What the page a viewer may not open tells them (spec 001 point 6): their role does not allow it (and which admins
 * of their organisation to ask), platform staff should switch to a platform organisation (those they can switch to),
 * or the organisation has not booked the suite that brings it.
 */
export type FeatureNotice =
  | { reason: 'role'; admins: OrganizationContact[] }
  | { reason: 'switchOrganization'; organizations: { id: string; name: string }[] }
  | { reason: 'suite'; suite: SuiteName };

export async function featureNotice(ctx: ServiceContext, feature: FeatureName): Promise<FeatureNotice> {
  const { viewer, organizationId } = requireMember(ctx);
  if (feature === 'platformAdmin' && viewer.isStaff) {
    const others = viewer.organizations.filter((o) => o.id !== organizationId).map((o) => o.id);
    const platform = others.length
      ? await Organization.query(ctx.db)
          .whereIn('id', others)
          .whereRaw('suites & ? = ?', [Feature.platformAdmin, Feature.platformAdmin])
          .where('is_active', true)
          .orderBy('name')
          .select('id', 'name')
      : [];
    if (platform.length > 0) return { reason: 'switchOrganization', organizations: platform.map((o) => ({ id: o.id, name: o.name })) };
  }
  const organization = await Organization.query(ctx.db).findById(organizationId).select('suites').throwIfNotFound();
  if (featureDenial(viewer, organization.suites, feature) === 'role') {
    const admins = await OrganizationMember.query(ctx.db)
      .joinRelated('user')
      .where('organization_members.organization_id', organizationId)
      .where((q) => q.where('organization_members.role', 'admin').orWhere('organization_members.is_owner', true))
      .orderBy([{ column: 'organization_members.is_owner', order: 'desc' }, 'user.last_name', 'user.first_name'])
      .select('user.email', 'user.first_name', 'user.last_name')
      .castTo<{ email: string; first_name: string; last_name: string }[]>();
    return {
      reason: 'role',
      admins: admins.map((a) => ({ name: `${a.first_name} ${a.last_name}`.trim() || a.email, email: a.email })),
    };
  }
  return { reason: 'suite', suite: suiteForFeature(feature) };
}
