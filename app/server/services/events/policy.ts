import type { Viewer } from '../../viewer.server';
import { isMember } from '../access/membership';

/**
 * Who may see and change what of the events domain (conventions, halls, stands, stages, in-house fairs). Plain
 * answers about a viewer and an object, no database access (decision 009): the services load, ask here, and
 * fail or filter; GraphQL field resolvers reach these rules through the services or ask here directly.
 */

/** The two consents of a hall stand: the host's (`approved`) and the stand organisation's (`stand_accepted`). */
export interface HallStandConsents {
  approved: boolean;
  stand_accepted: boolean;
}

/**
 * THE rule for unapproved and unlisted stands: visitors see a hall stand only when both sides agreed, the host
 * (`approved`) and the stand's organisation (`stand_accepted`). The stand's own access rules apply on top
 * (hall-stands.ts, `readableHallStands`). `LISTED` is the same condition for SQL, `mayVisitHallStand` adds who
 * may see a stand that is not listed.
 */
export const isListed = (hallStand: HallStandConsents): boolean => hallStand.approved && hallStand.stand_accepted;

/** `isListed` for a query on `hall_stands` under the alias `as`. */
export const LISTED = (as: string) => ({ [`${as}.approved`]: true, [`${as}.stand_accepted`]: true });

/** `isListed` as an SQL condition on `hall_stands` under the alias `as`, for raw SQL. */
export const LISTED_SQL = (as: string) => `${as}.approved and ${as}.stand_accepted`;

/**
 * Whether a visitor path (/token, redeeming a key) reaches a hall stand whatever the viewer: listed, or agreed to
 * by its organisation and named by its preview slug. Who the viewer is decides later (mayVisitHallStand).
 */
export function isReachable(hallStand: HallStandConsents & { preview_slug: string }, previewSlug?: string | null): boolean {
  return isListed(hallStand) || (hallStand.stand_accepted && isPreviewed(hallStand, previewSlug));
}

/**
 * Whether the viewer may look at a hall stand in a convention's hall: a listed one anyone (the access types of
 * convention, hall and stand apply on top); without the stand organisation's consent only that organisation;
 * before the host's approval also the host and whoever holds the preview slug.
 */
export function mayVisitHallStand(
  viewer: Viewer | null,
  hallStand: HallStandConsents & { organization_id: string; preview_slug: string },
  standOrganizationId: string,
  previewSlug?: string | null,
): boolean {
  const exhibitor = isMember(viewer, standOrganizationId);
  if (exhibitor) return true;
  if (!hallStand.stand_accepted) return false;
  return hallStand.approved || isMember(viewer, hallStand.organization_id) || isPreviewed(hallStand, previewSlug);
}

/** The request names the hall stand's preview slug. */
export function isPreviewed(hallStand: { preview_slug: string }, previewSlug?: string | null): boolean {
  return Boolean(previewSlug) && previewSlug === hallStand.preview_slug;
}

/** A hall stand's preview slug is for the host and the exhibitor only. */
export function mayReadPreviewSlug(viewer: Viewer | null, hallStand: { organization_id: string }, standOrganizationId: string | null): boolean {
  return isMember(viewer, hallStand.organization_id) || (standOrganizationId !== null && isMember(viewer, standOrganizationId));
}

/** The halls a base stand joined (invitations and applications included) are for the stand's organisation only. */
export function mayReadStandHalls(viewer: Viewer | null, stand: { organization_id: string }): boolean {
  return isMember(viewer, stand.organization_id);
}
