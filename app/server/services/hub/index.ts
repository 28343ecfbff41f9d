import { standOrganizationOf } from '../events/relations';
import { Lead } from '#db/models/index';
import { bookingPath } from '~/lib/appointments/paths';
import { hasFeature } from '~/lib/features';
import type { ServiceContext } from '../../context.server';
import { requireViewer } from '../authz';

/** A contact person the visitor has at an exhibitor. */
export interface VisitorContactPerson {
  organizationName: string;
  organizationSlug: string;
  contactPersonId: string;
  name: string;
  leadSlug: string;
}

/**
 * The visitor's hub (spec 000 point 1): the contact persons the logged-in visitor has at each exhibitor, from the
 * leads that exhibitors took of this visitor (the lead's user is the viewer) and assigned a contact person; archived
 * leads are left out. One query; only the viewer's own leads.
 */
export async function contactPersonsOfVisitor(ctx: ServiceContext): Promise<VisitorContactPerson[]> {
  const viewer = requireViewer(ctx);
  const rows = (await Lead.query(ctx.db)
    .join('users as contact', 'contact.id', 'leads.contact_id')
    .join('organizations as org', 'org.id', 'leads.organization_id')
    .where('leads.user_id', viewer.userId)
    .whereNull('leads.archived_at')
    .distinctOn(['org.name', 'leads.organization_id', 'leads.contact_id'])
    .orderBy([{ column: 'org.name' }, { column: 'leads.organization_id' }, { column: 'leads.contact_id' }, { column: 'leads.created_at', order: 'desc' }])
    .select('org.name as organization_name', 'org.slug as organization_slug', 'contact.id as contact_id', 'contact.first_name', 'contact.last_name', 'leads.slug as lead_slug')) as unknown as {
    organization_name: string;
    organization_slug: string;
    contact_id: string;
    first_name: string;
    last_name: string;
    lead_slug: string;
  }[];
  return rows.map((row) => ({
    organizationName: row.organization_name,
    organizationSlug: row.organization_slug,
    contactPersonId: row.contact_id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    leadSlug: row.lead_slug,
  }));
}

/**
 * The booking page of an organisation for the links on its stand and in-house fair: `/book/{slug}` when the
 * organisation has the appointment feature, else null (no link).
 */
export async function bookingPathOf(ctx: ServiceContext, organizationId: string): Promise<string | null> {
  // batched with (and usually primed by) the stand's own lookups, so a stand page costs no extra statement
  const org = await standOrganizationOf(ctx, { organization_id: organizationId });
  return org && hasFeature(org.suites, 'appointment') ? bookingPath(org.slug) : null;
}
