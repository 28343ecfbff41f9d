import { ContentGroup } from '#db/models/index';
import type { ProtectedKind } from '../access/types';

/**
 * Content groups as a protected kind: their access type decides who reads them at /old/content/{slug}, through
 * GraphQL `content` and wherever they are linked (a stand's reference point); a TOKEN group opens with a key of
 * the group itself, managed by the content team.
 */
export const contentKind: ProtectedKind<'content'> = {
  kind: 'content',
  table: 'content_groups',
  model: ContentGroup,
  accessColumn: 'permission_type',
  titleColumn: 'name',
  permissionColumn: 'content_group_id',
  feature: 'content',
  tokenField: 'contentGroupId',
  visitorPath: (slug) => `/old/content/${encodeURIComponent(slug)}`,
  path: {
    // /old/content/{slug}
    roots: ['old'],
    objects: async (ctx, [section, slug]) => {
      if (section !== 'content' || !slug) return null;
      const group = await ctx.db('content_groups').where({ slug }).first('id', 'organization_id', 'permission_type', 'slug', 'name');
      if (!group) return null;
      return [{ kind: 'content', id: group.id, organization_id: group.organization_id, permission_type: group.permission_type, slug: group.slug, title: group.name }];
    },
  },
};
