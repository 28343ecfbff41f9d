import type { ContentGroup, ContentObject } from '#db/models/index';
import type { ContentView, ContentViewNode } from '~/components/content/types';
import type { Language } from '~/lib/language';
import { isHttpUrl, isMailtoUrl } from '~/lib/url';
import type { ServiceContext } from '~/server/context.server';
import { objectsByGroup, buildTree, type ContentNode } from '~/server/services/content/tree';
import { groupAccess } from '~/server/services/content/visit';
import { primeVideoThumbnails, videoThumbnailsJson, videoThumbnailUrl } from '~/server/services/events/video-thumbnails';
import { jsonArray, ownColumns, revived, revivedRows, type JsonRow } from '~/server/services/json-rows';
import { fileUrl } from '~/server/services/files/files.server';

/**
 * A content group prepared for the visitor renderer (app/components/content/group-view.tsx) and the HTML
 * snippet: the tree from one query of its objects, the video pictures from one query of the organisation's kept
 * pictures, whatever the size of the tree. Links are checked again on the way out (http(s), and mailto: for
 * image links); a LOCALIZED object keeps only the child of the language (else the other language's).
 */

const isHttps = (value: string) => isHttpUrl(value) && value.toLowerCase().startsWith('https://');
const webLink = (value: string | null) => (value && isHttpUrl(value) ? value : null);
/** og:image is a picture on the linked site: shown only when it is one of ours (pages load nothing from third parties). */
const ownPicture = (value: string | null) => (value && /^\/files\/[0-9a-f-]{36}$/i.test(value) ? value : null);

function toNode(node: ContentNode, language: Language, thumbnails: Map<string, string | null>): ContentViewNode {
  const row = node.row;
  let children = node.children;
  if (row.type === 'LOCALIZED') {
    const chosen = children.find((c) => c.row.language === language) ?? children[0];
    children = chosen ? [chosen] : [];
  }
  let value: string | null = row.value;
  if (row.type === 'IFRAME') value = value && isHttps(value) ? value : null;
  else if (row.type === 'BOOKMARK' || row.type === 'YOUTUBE') value = webLink(value);
  else if (row.type !== 'TEXT') value = null;
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    value,
    link: row.link && (isHttpUrl(row.link) || isMailtoUrl(row.link)) ? row.link : null,
    newWindow: row.open_link_in_new_window,
    fileUrl: row.file_id ? fileUrl({ id: row.file_id }) : null,
    ogTitle: row.og_title,
    ogDescription: row.og_description,
    ogImage: ownPicture(row.og_image),
    size: row.size,
    language: row.language,
    thumbnailUrl: row.type === 'YOUTUBE' && value ? (thumbnails.get(value) ?? null) : null,
    children: children.map((child) => toNode(child, language, thumbnails)),
  };
}

/** The group's objects as the renderer takes them. Two statements at most (objects, kept video pictures). */
export async function contentViewOf(
  ctx: ServiceContext,
  group: Pick<ContentGroup, 'id' | 'slug' | 'name' | 'organization_id'>,
  language: Language,
): Promise<ContentView> {
  const rows: ContentObject[] = await objectsByGroup(ctx).load(group.id);
  const links = [...new Set(rows.filter((r) => r.type === 'YOUTUBE' && r.value).map((r) => r.value!))];
  const pictures = await Promise.all(links.map((link) => videoThumbnailUrl(ctx, group.organization_id, link)));
  const thumbnails = new Map(links.map((link, i) => [link, pictures[i] ?? null]));
  return { id: group.id, slug: group.slug, name: group.name, language, nodes: buildTree(rows).map((n) => toNode(n, language, thumbnails)) };
}

/**
 * A group another object links (a stand's reference point), by id: rendered when this viewer may see it, else
 * null. One statement brings the group, its objects and the organisation's kept video pictures; the access rule reads
 * the viewer's permissions once per request (services/access).
 */
export async function linkedContentView(ctx: ServiceContext, groupId: string, language: Language): Promise<ContentView | null> {
  const row: JsonRow | undefined = await ctx
    .db('content_groups as g')
    .where('g.id', groupId)
    .first(
      'g.*',
      ctx.db.raw(`${jsonArray('to_jsonb(o.*)', 'from content_objects o where o.group_id = g.id', 'o.sort')} as _objects`),
      ctx.db.raw(`${videoThumbnailsJson('g.organization_id')} as _thumbnails`),
    );
  if (!row) return null;
  const group = revived<ContentGroup>(ownColumns(row));
  if ((await groupAccess(ctx, group)) !== 'open') return null;
  objectsByGroup(ctx).prime(group.id, revivedRows<ContentObject>(row._objects));
  primeVideoThumbnails(ctx, group.organization_id, row._thumbnails);
  return contentViewOf(ctx, group, language);
}
