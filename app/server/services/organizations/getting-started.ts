import { Invite, Organization, OrganizationMember } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import { requireMember } from '../access/membership';

export interface GettingStartedStep {
  key: 'profile' | 'team' | 'privacy';
  done: boolean;
  /** where the step is done */
  href: string;
}

/**
 * The dashboard's getting-started checklist, from the organisation's real state. Later domains (conventions,
 * content pages, personalisations) add their steps here.
 */
export async function gettingStarted(ctx: ServiceContext): Promise<GettingStartedStep[]> {
  const { organizationId } = requireMember(ctx);
  const [org, members, invites] = await Promise.all([
    Organization.query(ctx.db).findById(organizationId).throwIfNotFound(),
    OrganizationMember.query(ctx.db).where({ organization_id: organizationId }).resultSize(),
    Invite.query(ctx.db).where({ organization_id: organizationId }).resultSize(),
  ]);
  return [
    { key: 'profile', done: Boolean(org.phone && org.street_address && org.city), href: '/edit-organisation' },
    { key: 'team', done: members > 1 || invites > 0, href: '/edit-organisation#invite-title' },
    { key: 'privacy', done: Boolean(org.imprint && (org.data_privacy || org.data_privacy_url)), href: '/edit-organisation' },
  ];
}
