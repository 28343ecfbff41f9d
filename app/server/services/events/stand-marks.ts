import { StandMark, type PermissionType } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import { isDenied, isMember, visibleOnly } from '../access/index';
import { requireViewer } from '../authz';
import { standAccess } from './access';
import { conventionStand, type CheckedHallStand } from './hall-stands';
import { mayVisitHallStand } from './policy';
import { standMarkedByViewer } from './stand-loaders';

/** A stand as its visitor page names it: /convention/{conventionSlug}/hall/{hallSlug}/stand/{standSlug}. */
export interface StandAddress {
  conventionSlug: string;
  hallSlug: string;
  standSlug: string;
}

export const standVisitorPath = (address: StandAddress): string =>
  `/convention/${address.conventionSlug}/hall/${address.hallSlug}/stand/${address.standSlug}`;

/**
 * Sets or clears the viewer's mark on a stand of a convention's hall (issue 27: the hub's bookmarks), idempotent. Only
 * on a stand the viewer may see there: the stand page's own checks (conventionStand: listed, the convention's and the
 * hall's access types, the stand's own rules), so NOT_FOUND or PERMISSION_DENIED as the page would answer; anonymous
 * visitors UNAUTHENTICATED.
 */
export async function markStand(ctx: ServiceContext, address: StandAddress, marked: boolean): Promise<{ hallStand: CheckedHallStand; marked: boolean }> {
  const viewer = requireViewer(ctx);
  const { convention, hallStand } = await conventionStand(ctx, address);
  if (marked) {
    await StandMark.query(ctx.db)
      .insert({ hall_stand_id: hallStand.id, convention_id: convention.id, user_id: viewer.userId })
      .onConflict(['hall_stand_id', 'user_id'])
      .ignore();
  } else {
    await StandMark.query(ctx.db).where({ hall_stand_id: hallStand.id, user_id: viewer.userId }).delete();
  }
  standMarkedByViewer(ctx).clear(hallStand.id).prime(hallStand.id, marked);
  return { hallStand, marked };
}

/** Whether the viewer marked the hall stand (batched; primed by the hall's stands). */
export function isStandMarked(ctx: ServiceContext, hallStandId: string): Promise<boolean> {
  return standMarkedByViewer(ctx).load(hallStandId);
}

/** A stand the viewer marked, for the hub. */
export interface MarkedStand {
  id: string;
  title: string;
  organizationName: string;
  path: string;
  markedAt: Date;
}

interface MarkRow {
  id: string;
  marked_at: Date;
  slug: string;
  approved: boolean;
  stand_accepted: boolean;
  host_id: string;
  preview_slug: string;
  stand_id: string;
  stand_organization_id: string;
  title: string;
  organization_name: string;
  hall_id: string;
  hall_slug: string;
  hall_organization_id: string;
  hall_permission_type: PermissionType;
  convention_id: string;
  convention_slug: string;
  convention_active: boolean;
  convention_organization_id: string;
  convention_permission_type: PermissionType;
}

/**
 * The stands the viewer marked, newest first, that they may still open where they marked them: listed in the hall,
 * the hall still in that convention, the convention open (or theirs), and the access module's rule for the convention,
 * the hall and the stand itself. One query for the marks; the rule reads the viewer's permissions and the stands'
 * in-house fairs once (batched), not per mark.
 */
export async function markedStandsOfViewer(ctx: ServiceContext): Promise<MarkedStand[]> {
  const viewer = requireViewer(ctx);
  const rows: MarkRow[] = await ctx
    .db('stand_marks as m')
    .join('hall_stands as hs', 'hs.id', 'm.hall_stand_id')
    .join('base_stands as s', 's.id', 'hs.stand_id')
    .join('organizations as o', 'o.id', 's.organization_id')
    .join('halls as h', 'h.id', 'hs.hall_id')
    .join('convention_halls as ch', (on) => on.on('ch.hall_id', 'h.id').andOn('ch.convention_id', 'm.convention_id'))
    .join('conventions as c', 'c.id', 'm.convention_id')
    .where('m.user_id', viewer.userId)
    .where('o.is_active', true)
    .orderBy([{ column: 'm.created_at', order: 'desc' }, { column: 's.name' }])
    .limit(200)
    .select(
      'hs.id',
      'm.created_at as marked_at',
      'hs.slug',
      'hs.approved',
      'hs.stand_accepted',
      'hs.organization_id as host_id',
      'hs.preview_slug',
      's.id as stand_id',
      's.organization_id as stand_organization_id',
      ctx.db.raw(
        "coalesce((select nullif(t.title, '') from stand_translations t where t.stand_id = s.id and t.language = ?), s.name) as title",
        [ctx.language],
      ),
      'o.name as organization_name',
      'h.id as hall_id',
      'h.slug as hall_slug',
      'h.organization_id as hall_organization_id',
      'h.permission_type as hall_permission_type',
      'c.id as convention_id',
      'c.slug as convention_slug',
      'c.active as convention_active',
      'c.organization_id as convention_organization_id',
      'c.permission_type as convention_permission_type',
    );
  const shown = rows.filter(
    (row) =>
      mayVisitHallStand(viewer, { approved: row.approved, stand_accepted: row.stand_accepted, organization_id: row.host_id, preview_slug: row.preview_slug }, row.stand_organization_id) &&
      (row.convention_active || isMember(viewer, row.convention_organization_id)),
  );
  const [conventions, halls, stands] = await Promise.all([
    visibleOnly(ctx, 'convention', shown.map((row) => ({ id: row.convention_id, organization_id: row.convention_organization_id, permission_type: row.convention_permission_type, row }))),
    visibleOnly(ctx, 'hall', shown.map((row) => ({ id: row.hall_id, organization_id: row.hall_organization_id, permission_type: row.hall_permission_type, row }))),
    Promise.all(shown.map((row) => standAccess(ctx, { id: row.stand_id, organization_id: row.stand_organization_id }))),
  ]);
  const open = new Set(conventions.map((c) => c.row));
  const entered = new Set(halls.map((h) => h.row));
  return shown
    .filter((row, i) => open.has(row) && entered.has(row) && !isDenied(stands[i]))
    .map((row) => ({
      id: row.id,
      title: row.title,
      organizationName: row.organization_name,
      path: standVisitorPath({ conventionSlug: row.convention_slug, hallSlug: row.hall_slug, standSlug: row.slug }),
      markedAt: new Date(row.marked_at),
    }));
}
