import { standOrganizationOf } from '../events/relations';
import { ContentGroup, Lead, type PermissionType } from '#db/models/index';
import { visibleOnly } from '../access/index';
import { contentKind } from '../content/access-kind';
import { bookingPath } from '~/lib/appointments/paths';
import { hasFeature } from '~/lib/features';
import type { ServiceContext } from '../../context.server';
import { requireViewer } from '../authz';
import { likedPagesOfViewer } from '../content-pages/likes';
import { markedStandsOfViewer } from '../events/stand-marks';

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

/** Something the visitor bookmarked, with the visitor page it leads to. */
export interface VisitorBookmark {
  kind: 'contentGroup' | 'contentPage' | 'stand';
  id: string;
  title: string;
  organizationName: string;
  path: string;
}

/** The content groups the viewer liked (newest first) that the access module lets them open. */
async function likedGroupsOfViewer(ctx: ServiceContext): Promise<(VisitorBookmark & { at: Date })[]> {
  const viewer = requireViewer(ctx);
  const rows = (await ContentGroup.query(ctx.db)
    .join('content_group_likes as l', 'l.group_id', 'content_groups.id')
    .join('organizations as org', 'org.id', 'content_groups.organization_id')
    .where('l.user_id', viewer.userId)
    .where('org.is_active', true)
    .orderBy([{ column: 'l.created_at', order: 'desc' }, { column: 'content_groups.name' }])
    .limit(200)
    .select(
      'content_groups.id',
      'content_groups.organization_id',
      'content_groups.permission_type',
      'content_groups.slug',
      'content_groups.name',
      'l.created_at as liked_at',
      'org.name as organization_name',
    )) as unknown as { id: string; organization_id: string; permission_type: PermissionType; slug: string; name: string; liked_at: Date; organization_name: string }[];
  const visible = await visibleOnly(ctx, 'content', rows);
  return visible.map((row) => ({
    kind: 'contentGroup',
    id: row.id,
    title: row.name,
    organizationName: row.organization_name,
    path: contentKind.visitorPath(row.slug),
    at: new Date(row.liked_at),
  }));
}

/**
 * The visitor's bookmarks for their hub (spec 000 point 1; issue 27): the content groups and content pages they liked
 * and the stands they marked, newest first, that they may still open (each kind by the access module's rule for it; a
 * group whose key was withdrawn, a page unpublished since, a stand no longer listed drop out), each with its visitor
 * page. One query per kind; the access rule reads the viewer's permissions once per request (batched), not per row.
 */
export async function bookmarksOfVisitor(ctx: ServiceContext): Promise<VisitorBookmark[]> {
  requireViewer(ctx);
  const [groups, pages, stands] = await Promise.all([likedGroupsOfViewer(ctx), likedPagesOfViewer(ctx), markedStandsOfViewer(ctx)]);
  const all = [
    ...groups,
    ...pages.map(({ likedAt, ...page }) => ({ kind: 'contentPage' as const, ...page, at: likedAt })),
    ...stands.map(({ markedAt, ...stand }) => ({ kind: 'stand' as const, ...stand, at: markedAt })),
  ];
  return all.sort((a, b) => b.at.getTime() - a.at.getTime()).map(({ at: _at, ...bookmark }) => bookmark);
}
