import { effectiveFeatures, hasFeature } from '~/lib/features';
import type { Lead } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { permissionDenied } from '../authz';
import { mayUseFeature, requireMember } from '../access/membership';
import { DomainError } from '../errors';

/**
 * Who may do what with leads (spec 001 point 6; issue 18): plain answers about a viewer and a lead, no database
 * access. Leads, lead forms and the capture need the lead feature (bit 8) of the organisation the viewer works in
 * now; sales users have it only when their organisation booked it (their features are narrowed,
 * `SALES_USER_FEATURES`) and, like everyone, see only that organisation's leads. Tracks need the lead-tracking
 * feature (bit 1024) as well. A lead of another organisation is NOT_FOUND (decision 006).
 */

export function mayManageLeads(viewer: Viewer | null, organizationId: string): boolean {
  return mayUseFeature(viewer, 'lead', organizationId);
}

export function mayReadTracks(viewer: Viewer | null, organizationId: string): boolean {
  return mayManageLeads(viewer, organizationId) && mayUseFeature(viewer, 'leadTracking', organizationId);
}

/** An organisation records tracks only when it booked lead tracking (the lead's own consent is checked apart). */
export function organizationTracks(suites: number): boolean {
  return hasFeature(effectiveFeatures(suites, false), 'leadTracking');
}

/** An organisation takes leads (its public form and information pages answer) only with the lead feature. */
export function organizationTakesLeads(suites: number): boolean {
  return hasFeature(effectiveFeatures(suites, false), 'lead');
}

/** The current organisation's id when the viewer works with its leads; UNAUTHENTICATED or PERMISSION_DENIED otherwise. */
export function requireLeadUser(ctx: ServiceContext): { viewer: Viewer; organizationId: string } {
  return requireMember(ctx, { feature: 'lead' });
}

/** As requireLeadUser, and the organisation booked lead tracking. */
export function requireTrackReader(ctx: ServiceContext): { viewer: Viewer; organizationId: string } {
  const result = requireLeadUser(ctx);
  if (!mayReadTracks(result.viewer, result.organizationId)) throw permissionDenied(ctx);
  return result;
}

/** A lead the viewer's organisation owns, else NOT_FOUND (another organisation's lead looks missing). */
export function assertOwnLead<L extends Pick<Lead, 'organization_id'>>(ctx: ServiceContext, lead: L | undefined | null, organizationId: string, field = 'id'): L {
  if (!lead || lead.organization_id !== organizationId) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);
  return lead;
}
