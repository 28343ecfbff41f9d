import { Lead, LeadTrack, Organization, type LeadActivity, type LeadLinkType } from '#db/models/index';
import { consentsToTracking } from '~/lib/leads/form-schema';
import { inTransaction, type ServiceContext } from '../../context.server';
import { isMember } from '../access/membership';
import { DomainError } from '../errors';
import { ownLead } from './leads';
import { organizationTracks, requireTrackReader } from './policy';
import { leadScore } from './score';

/**
 * Tracks of what a lead opened (issue 18): the information page (LEADINFORMATION_LINK), a content page
 * (CONTENT_LINK), a sales-hub room (SALESHUB_LINK), with time, activity and what was opened. Recorded only when the
 * organisation booked lead tracking and the lead agreed to tracking; visits of the organisation's own members
 * (a sales rep checking the page) are not the lead's and are not recorded. Each track updates the lead's score.
 */

export const LINK_TYPES = ['CONTENT_LINK', 'LEADINFORMATION_LINK', 'SALESHUB_LINK'] as const satisfies readonly LeadLinkType[];
export const ACTIVITIES = ['OPENED', 'DOWNLOADED', 'TOUR_FINISHED', 'TIME_SPENT'] as const satisfies readonly LeadActivity[];

export interface TrackInput {
  leadSlug: string;
  linkType: LeadLinkType;
  link: string;
  content?: string | null;
  activity?: LeadActivity | null;
  /** Seconds spent. */
  duration?: number | null;
}

/** Records a track when allowed; null when it is not (no tracking consent or feature, a member's own visit). */
export async function recordTrack(ctx: ServiceContext, input: TrackInput): Promise<LeadTrack | null> {
  if (!LINK_TYPES.includes(input.linkType)) throw new DomainError('INVALID', ctx.t('validation:invalidOption'), 'linkType');
  const activity = input.activity ?? 'OPENED';
  if (!ACTIVITIES.includes(activity)) throw new DomainError('INVALID', ctx.t('validation:invalidOption'), 'activity');
  const duration = Math.round(Number(input.duration ?? 0));
  if (!Number.isFinite(duration) || duration < 0 || duration > 86_400) {
    throw new DomainError('INVALID', ctx.t('validation:numberMax', { max: 86_400 }), 'duration');
  }
  const link = String(input.link ?? '').trim();
  if (!link || link.length > 2000) throw new DomainError('INVALID', ctx.t('validation:maxLength', { max: 2000 }), 'link');
  const slug = String(input.leadSlug ?? '');
  const lead = slug && slug.length <= 64 ? await Lead.query(ctx.db).findOne({ slug }) : undefined;
  if (!lead) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'leadSlug');
  if (isMember(ctx.viewer, lead.organization_id)) return null;
  if (!consentsToTracking(lead.consent)) return null;
  const organization = await Organization.query(ctx.db).findById(lead.organization_id);
  if (!organization || !organizationTracks(organization.suites)) return null;
  return inTransaction(ctx, async (tx) => {
    const track = await LeadTrack.query(tx.db)
      .insert({
        lead_id: lead.id,
        link,
        link_type: input.linkType,
        activity,
        content: String(input.content ?? '').trim().slice(0, 300),
        duration,
      })
      .returning('*');
    const tracks = await LeadTrack.query(tx.db).where('lead_id', lead.id).select('link', 'link_type', 'activity', 'duration', 'content');
    await Lead.query(tx.db).patch({ score: leadScore(tracks).score }).where('id', lead.id);
    return track;
  });
}

/** The tracks of a lead of the current organisation, newest first (lead tracking booked). */
export async function tracksOf(ctx: ServiceContext, leadId: string): Promise<LeadTrack[]> {
  requireTrackReader(ctx);
  const lead = await ownLead(ctx, leadId);
  return LeadTrack.query(ctx.db).where('lead_id', lead.id).orderBy('created_at', 'desc').orderBy('id');
}
