import type { ContentGroup } from '#db/models/index';
import { hasFeature } from '~/lib/features';
import type { ServiceContext } from '../../context.server';
import { isCurrentMember } from '../access/membership';
import { findGroup, groupAccess } from './visit';

/**
 * What /contentpool/preview shows (spec 000 point 2: a public route that needs the content feature). The feature is
 * the one of the organisation owning the group, since a public page has no organisation of its own: a group of an
 * organisation without it (or an inactive one) does not exist here. Its members preview it whatever its access type
 * (unless their role lacks the feature); everybody else sees it as a visitor would: `login` or `key` when its
 * access type asks for a session or an access permission first.
 */
export type GroupPreview =
  | { shown: ContentGroup }
  | { refused: 'login' | 'key' | 'feature' };

export async function groupPreview(ctx: ServiceContext, by: { id?: string | null; slug?: string | null }): Promise<GroupPreview | null> {
  const group = await findGroup(ctx, by);
  if (!group) return null;
  const owner = await ctx.db('organizations').where({ id: group.organization_id, is_active: true }).first('suites');
  if (!owner || !hasFeature(Number(owner.suites), 'content')) return null;
  const viewer = ctx.viewer;
  if (viewer && isCurrentMember(viewer, group.organization_id)) {
    return hasFeature(viewer.features, 'content') ? { shown: group } : { refused: 'feature' };
  }
  const access = await groupAccess(ctx, group);
  return access === 'open' ? { shown: group } : { refused: access };
}
