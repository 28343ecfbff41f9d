import { ContentPage, ContentPageLike } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import { requireViewer } from '../authz';
import { viewerMarksLoader } from '../viewer-marks';
import { visiblePage } from './pages';
import { pageVisibility } from './policy';

/**
 * Visitors' likes of content pages (issue 27: the hub's bookmarks). A visitor likes a page they may see at its own
 * address (the access module's publication rule: published, with the current token of its link; its organisation's
 * members without), and the like keeps that token: the page stays among their bookmarks while the link would still
 * open it, so unpublishing (which invalidates the links already sent) takes it out too.
 */

/** The visitor address of a page opened with `token` (none for members, who need none). */
export const pageVisitorPath = (slug: string, token: string | null): string =>
  `/content/${encodeURIComponent(slug)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

/** Whether the viewer liked each of the pages, batched; false without a viewer. */
const likedByViewer = viewerMarksLoader('content_page_likes', 'page_id');

export function isPageLiked(ctx: ServiceContext, pageId: string): Promise<boolean> {
  return likedByViewer(ctx).load(pageId);
}

/**
 * Sets or clears the viewer's like of a page (by id or slug), idempotent: only a page they may see with `token`
 * (NOT_FOUND otherwise, as the page itself answers); anonymous visitors UNAUTHENTICATED.
 */
export async function likePage(
  ctx: ServiceContext,
  by: { id?: string | null; slug?: string | null; token?: string | null },
  liked: boolean,
): Promise<ContentPage> {
  const viewer = requireViewer(ctx);
  const page = await visiblePage(ctx, by);
  if (liked) {
    // the link they liked it with; a member's like needs none
    const token = pageVisibility(viewer, page, null) === 'visible' ? null : page.publish_token;
    await ContentPageLike.query(ctx.db).insert({ page_id: page.id, user_id: viewer.userId, token }).onConflict(['page_id', 'user_id']).merge(['token']);
  } else {
    await ContentPageLike.query(ctx.db).where({ page_id: page.id, user_id: viewer.userId }).delete();
  }
  likedByViewer(ctx).clear(page.id).prime(page.id, liked);
  return page;
}

/** A page the viewer liked, for the hub. */
export interface LikedPage {
  id: string;
  title: string;
  organizationName: string;
  path: string;
  likedAt: Date;
}

/**
 * The pages the viewer liked, newest first, that the link they liked each with still opens (the publication rule,
 * a pure function: no statement per like), named in the viewer's language (else the page's other one). One query.
 */
export async function likedPagesOfViewer(ctx: ServiceContext): Promise<LikedPage[]> {
  const viewer = requireViewer(ctx);
  const rows = (await ContentPage.query(ctx.db)
    .join('content_page_likes as l', 'l.page_id', 'content_pages.id')
    .join('organizations as org', 'org.id', 'content_pages.organization_id')
    .where('l.user_id', viewer.userId)
    .where('org.is_active', true)
    .orderBy([{ column: 'l.created_at', order: 'desc' }, { column: 'content_pages.slug' }])
    .limit(200)
    .select(
      'content_pages.id',
      'content_pages.organization_id',
      'content_pages.state',
      'content_pages.publish_token',
      'content_pages.slug',
      'l.token as liked_token',
      'l.created_at as liked_at',
      'org.name as organization_name',
      ctx.db.raw(
        `(select t.name from content_page_translations t where t.page_id = content_pages.id order by (t.language = ?) desc, t.language limit 1) as title`,
        [ctx.language],
      ),
    )) as unknown as (Pick<ContentPage, 'id' | 'organization_id' | 'state' | 'publish_token' | 'slug'> & {
    liked_token: string | null;
    liked_at: Date;
    organization_name: string;
    title: string | null;
  })[];
  return rows
    .filter((row) => pageVisibility(viewer, row, row.liked_token) === 'visible')
    .map((row) => ({
      id: row.id,
      title: row.title || row.slug,
      organizationName: row.organization_name,
      path: pageVisitorPath(row.slug, pageVisibility(viewer, row, null) === 'visible' ? null : row.liked_token),
      likedAt: new Date(row.liked_at),
    }));
}
