import { Convention, HallStand } from '#db/models/index';
import { hasFeature } from '~/lib/features';
import type { ServiceContext } from '../../context.server';
import { requireMember } from '../access/membership';
import { listOrganizationInvites } from './invites';
import { gettingStarted, type GettingStartedStep } from './getting-started';

/** A thing the dashboard counts for an admin, with where it is acted on. */
export interface DashboardCount {
  key: 'events' | 'standsAwaitingApproval' | 'openInvites';
  count: number;
  href: string;
}

/**
 * The dashboard shows each role what it can act on: an admin their events, the stands waiting for their approval,
 * the open invites and the set-up checklist; a sales user only what their role lets them open (salesUserMayUse).
 */
export type Dashboard =
  | { role: 'admin'; counts: DashboardCount[]; steps: GettingStartedStep[] }
  | { role: 'sales'; links: { key: 'userContact' | 'help'; href: string }[] };

export async function dashboard(ctx: ServiceContext): Promise<Dashboard> {
  const { viewer, organizationId } = requireMember(ctx);
  if (viewer.sales) {
    // their leads and virtual rooms (salesUserMayUse) join this list once those pages exist
    return { role: 'sales', links: [{ key: 'userContact', href: '/user-contact' }, { key: 'help', href: '/help' }] };
  }
  const counts: DashboardCount[] = [];
  if (hasFeature(viewer.features, 'event')) {
    const [events, waiting] = await Promise.all([
      Convention.query(ctx.db).where({ organization_id: organizationId }).resultSize(),
      HallStand.query(ctx.db).where({ organization_id: organizationId, approved: false }).resultSize(),
    ]);
    counts.push({ key: 'events', count: events, href: '/events' }, { key: 'standsAwaitingApproval', count: waiting, href: '/hall' });
  }
  if (hasFeature(viewer.features, 'userManagement')) {
    const invites = (await listOrganizationInvites(ctx)).length;
    counts.push({ key: 'openInvites', count: invites, href: '/edit-organisation#invite-title' });
  }
  return { role: 'admin', counts, steps: await gettingStarted(ctx) };
}
