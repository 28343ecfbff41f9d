import type { Viewer } from '../../viewer.server';

/**
 * Who may see what of an account. A user's private data (e-mail, organisations, business card, avatar, sales
 * flag) is theirs alone: the API shows a User only as `me` and in the payload of the viewer's own changes, and
 * its fields check again here. Changes are always to the viewer's own account (the services take no user id),
 * except the address, which names its id and must be the viewer's.
 */
export function isSelf(viewer: Viewer | null, userId: string): boolean {
  return Boolean(viewer && viewer.userId === userId);
}

/** The viewer may read this user's private account data. */
export function mayReadAccount(viewer: Viewer | null, userId: string): boolean {
  return isSelf(viewer, userId);
}

/** The viewer may change this address (their own business card). */
export function mayChangeAddress(viewer: Viewer | null, address: { user_id: string }): boolean {
  return isSelf(viewer, address.user_id);
}

/**
 * getJWTToken: a token that identifies a user to an external service is issued for the viewer themself, or by
 * platform staff for any user (support, integrations); nobody else may have one made for another user.
 */
export function mayGetExternalToken(viewer: Viewer | null, forSelf: boolean): boolean {
  return Boolean(viewer && (forSelf || viewer.isStaff));
}
