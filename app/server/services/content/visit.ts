import { ContentGroup } from '#db/models/index';
import { isUuid } from '~/lib/ids';
import type { ServiceContext } from '../../context.server';
import { accessState, isDenied } from '../access/index';

/**
 * Whether a visitor gets to see a group (spec 001 point 6, access types on content), by the access module's rule for
 * the kind 'content': `open`, `login` (a visitor without session must log in first) or `key` (a logged-in visitor
 * without a permission of this group, or whose permission of it is suspended: the page sends them to /token with
 * the way back, spec 001 point 3, as conventions and rooms do; the key page says when it is suspended). A TOKEN
 * group opens with a key of the group itself, never with a key of another object of its organisation.
 */
export type GroupAccess = 'open' | 'login' | 'key';

export async function groupAccess(ctx: ServiceContext, group: Pick<ContentGroup, 'id' | 'organization_id' | 'permission_type'>): Promise<GroupAccess> {
  const state = await accessState(ctx, 'content', group);
  if (!isDenied(state)) return 'open';
  return state === 'login' ? 'login' : 'key';
}

/** A group by slug or id (any organisation), or undefined; no access check (callers ask groupAccess). */
export async function findGroup(ctx: ServiceContext, by: { id?: string | null; slug?: string | null }): Promise<ContentGroup | undefined> {
  if (by.id) return isUuid(by.id) ? ContentGroup.query(ctx.db).findById(by.id) : undefined;
  if (by.slug && by.slug.length <= 200) return ContentGroup.query(ctx.db).findOne({ slug: by.slug });
  return undefined;
}
