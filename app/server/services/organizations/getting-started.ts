import type { ServiceContext } from '../../context.server';
import { requireOrganization } from '../authz';

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
  const { organizationId } = requireOrganization(ctx);
  const [org, members, invites] = await Promise.all([
    ctx.db('organizations').where({ id: organizationId }).first('phone', 'street_address', 'city', 'imprint', 'data_privacy', 'data_privacy_url'),
    ctx.db('organization_members').where({ organization_id: organizationId }).count<{ count: number }[]>('* as count'),
    ctx.db('invites').where({ organization_id: organizationId }).count<{ count: number }[]>('* as count'),
  ]);
  return [
    { key: 'profile', done: Boolean(org.phone && org.street_address && org.city), href: '/edit-organisation' },
    { key: 'team', done: Number(members[0].count) > 1 || Number(invites[0].count) > 0, href: '/edit-organisation#invite-title' },
    { key: 'privacy', done: Boolean(org.imprint && (org.data_privacy || org.data_privacy_url)), href: '/edit-organisation' },
  ];
}
