import { ContentGroup } from '#db/models/index';
import { isUuid } from '~/lib/ids';
import type { ServiceContext } from '../../context.server';
import { mayViewGroup } from './policy';

/**
 * Whether a visitor gets to see a group (spec 001 point 6, access types on content): `open`, `login` (a visitor
 * without session must log in first) or `key` (a logged-in visitor without an access permission: the page sends
 * them to /token with the way back, spec 001 point 3, as conventions and rooms do; the key page says when their
 * permission is suspended).
 *
 * TOKEN: a group of this type admits its organisation's members and the logged-in visitors who hold an access
 * permission (a redeemed access key, not suspended) of the group's organisation: a key of the group itself
 * (object_tokens.content_group_id), or of a convention, hall or in-house fair of the organisation, whose stands'
 * reference points show its groups.
 */
export type GroupAccess = 'open' | 'login' | 'key';

export async function groupAccess(ctx: ServiceContext, group: Pick<ContentGroup, 'organization_id' | 'permission_type'>): Promise<GroupAccess> {
  const needsPermission = Boolean(ctx.viewer) && group.permission_type === 'TOKEN' && !mayViewGroup(ctx.viewer, group);
  return accessWith(ctx, group, needsPermission && (await holdsObjectPermission(ctx, ctx.viewer!.userId, group.organization_id)));
}

/** The same answer when the caller read whether the viewer holds an access permission of the organisation already. */
export function accessWith(ctx: ServiceContext, group: Pick<ContentGroup, 'organization_id' | 'permission_type'>, holdsPermission: boolean): GroupAccess {
  if (mayViewGroup(ctx.viewer, group)) return 'open';
  if (!ctx.viewer) return 'login';
  if (group.permission_type === 'TOKEN' && holdsPermission) return 'open';
  return 'key';
}

/** SQL (a boolean column): whether user `userIdParam` holds an access permission of the row's organisation `organizationColumn`. */
export const holdsObjectPermissionSql = (organizationColumn: string) =>
  `exists (select 1 from object_permissions op where op.user_id = ? and op.organization_id = ${organizationColumn} and not op.suspended)`;

async function holdsObjectPermission(ctx: ServiceContext, userId: string, organizationId: string): Promise<boolean> {
  const row = await ctx.db('object_permissions').where({ user_id: userId, organization_id: organizationId, suspended: false }).first('id');
  return Boolean(row);
}

/** A group by slug or id (any organisation), or undefined; no access check (callers ask groupAccess). */
export async function findGroup(ctx: ServiceContext, by: { id?: string | null; slug?: string | null }): Promise<ContentGroup | undefined> {
  if (by.id) return isUuid(by.id) ? ContentGroup.query(ctx.db).findById(by.id) : undefined;
  if (by.slug && by.slug.length <= 200) return ContentGroup.query(ctx.db).findOne({ slug: by.slug });
  return undefined;
}
