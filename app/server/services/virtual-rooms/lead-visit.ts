import type { LeadTrack } from '#db/models/index';
import type { RoomView } from '~/lib/virtual-rooms/view';
import type { ServiceContext } from '../../context.server';
import { recordTrack } from '../leads/tracks';

/**
 * Sales hub (issue 17/18): a rep shares a room with a lead as `/virtual-room/{slug}?lead={leadslug}`. Opening it
 * records a SALESHUB_LINK track through the leads' recordTrack, which honours the lead's tracking consent, the
 * lead-tracking feature and skips the organisation's own members. Only a lead of the room's organisation counts; an
 * unknown, foreign or malformed lead slug records nothing and never fails the page. Null when nothing was recorded.
 */
export async function recordSalesHubVisit(ctx: ServiceContext, room: Pick<RoomView, 'id' | 'name'>, leadSlug: string | null, link: string): Promise<LeadTrack | null> {
  const slug = String(leadSlug ?? '').trim();
  if (!slug || slug.length > 64) return null;
  const match = await ctx
    .db('leads as l')
    .join('virtual_rooms as r', 'r.organization_id', 'l.organization_id')
    .where({ 'l.slug': slug, 'r.id': room.id })
    .first('l.slug');
  if (!match) return null;
  return recordTrack(ctx, { leadSlug: match.slug, linkType: 'SALESHUB_LINK', link, content: room.name, activity: 'OPENED' });
}

/** A room page's loader after the room was read: records the visit of the lead its `?lead=` names (see above). */
export async function recordSalesHubVisitOf(ctx: ServiceContext, url: URL, room: Pick<RoomView, 'id' | 'name'> | null): Promise<LeadTrack | null> {
  const lead = url.searchParams.get('lead');
  if (!room || !lead) return null;
  return recordSalesHubVisit(ctx, room, lead, `${url.pathname}?lead=${encodeURIComponent(lead)}`);
}
