import type { OnDemandContent } from '#db/models/index';
import {
  OnDemandContentCreateSchema,
  OnDemandContentUpdateSchema,
  type OnDemandContentCreateInput,
  type OnDemandContentUpdateInput,
} from '~/lib/schemas/events';
import { videoInText } from '~/lib/video';
import { inTransaction, type ServiceContext } from '../../context.server';
import { fileUrl } from '../files/files.server';
import { parseInput } from '../validation';
import { ownedConvention, ownedImage, publishImage } from './conventions';
import {
  assertSlugFree,
  definedOnly,
  freeSlug,
  insertWithTranslations,
  notFound,
  ownedChildRow,
  requireEventMember,
  slugExists,
  upsertTranslations,
  withUniqueError,
} from './hall-common';
import { visibleConvention } from './halls';
import { onDemandOfConvention, onDemandTranslations } from './loaders';
import { rememberVideoThumbnailInText, videoThumbnailUrl } from './video-thumbnails';
import { assertOwnPage } from '../content-pages/picker';
import { linkedPage } from '../content-pages/pages';

export type { OnDemandContent };

async function ownedContent(ctx: ServiceContext, id: string): Promise<OnDemandContent> {
  const { organizationId } = requireEventMember(ctx);
  return ownedChildRow(ctx, 'on_demand_contents', 'convention_id', 'conventions', id, organizationId, null);
}

/**
 * An on-demand item (recorded talk, video, download) of one of the organisation's conventions. Its slug is unique
 * within the convention: the one given, else one made from the title.
 */
export async function createOnDemandContent(ctx: ServiceContext, rawInput: OnDemandContentCreateInput): Promise<OnDemandContent> {
  const { organizationId } = requireEventMember(ctx);
  const input = parseInput(ctx, OnDemandContentCreateSchema, rawInput);
  const convention = await ownedConvention(ctx, input.conventionId, 'conventionId');
  const scope = { convention_id: convention.id };
  if (input.slug) await assertSlugFree(ctx, 'on_demand_contents', input.slug, scope);
  const thumbnailId = await ownedImage(ctx, organizationId, input.thumbnailId, null, 'thumbnailId');
  await assertOwnPage(ctx, organizationId, input.contentPageId);
  const slug = input.slug ?? (await freeSlug(ctx, 'on_demand_contents', input.title, 'video', scope));
  const row = await insertWithTranslations<OnDemandContent>(
    ctx,
    'on_demand_contents',
    'on_demand_content_translations',
    'on_demand_content_id',
    {
      convention_id: convention.id,
      title: input.title,
      slug,
      ...definedOnly({ description: input.description, thumbnail_id: thumbnailId, content_page_id: input.contentPageId }),
    },
    input.translations,
  );
  onDemandOfConvention(ctx).clear(convention.id);
  await publishImage(ctx, thumbnailId);
  await rememberVideoThumbnailInText(ctx, organizationId, row.description, row.title);
  await rememberTranslatedVideos(ctx, organizationId, input.translations);
  return row;
}

/** A video linked only in one language's text gets its picture kept too. */
async function rememberTranslatedVideos(ctx: ServiceContext, organizationId: string, translations: { title: string; description: string }[] | undefined) {
  for (const tr of translations ?? []) await rememberVideoThumbnailInText(ctx, organizationId, tr.description, tr.title);
}

/** Changes the named fields; the slug only when one is given (a new title keeps it, so shared links keep working). */
export async function updateOnDemandContent(
  ctx: ServiceContext,
  id: string,
  rawInput: OnDemandContentUpdateInput,
): Promise<OnDemandContent> {
  const { organizationId } = requireEventMember(ctx);
  const current = await ownedContent(ctx, id);
  const input = parseInput(ctx, OnDemandContentUpdateSchema, rawInput);
  if (input.slug && input.slug !== current.slug) {
    await assertSlugFree(ctx, 'on_demand_contents', input.slug, { convention_id: current.convention_id }, current.id);
  }
  const thumbnailId = await ownedImage(ctx, organizationId, input.thumbnailId, null, 'thumbnailId');
  await assertOwnPage(ctx, organizationId, input.contentPageId);
  const row = await withUniqueError(() => slugExists(ctx), () =>
    inTransaction(ctx, async (tx) => {
      const [updated]: OnDemandContent[] = await tx
        .db('on_demand_contents')
        .where({ id: current.id })
        .update({
          ...definedOnly({
            title: input.title,
            slug: input.slug,
            description: input.description,
            thumbnail_id: thumbnailId,
            content_page_id: input.contentPageId,
          }),
          updated_at: tx.db.fn.now(),
        })
        .returning('*');
      if (input.translations) await upsertTranslations(tx, 'on_demand_content_translations', { on_demand_content_id: current.id }, input.translations);
      return updated;
    }),
  );
  onDemandTranslations(ctx).clear(current.id);
  onDemandOfConvention(ctx).clear(current.convention_id);
  await publishImage(ctx, thumbnailId);
  if (input.description !== undefined || input.title !== undefined) await rememberVideoThumbnailInText(ctx, organizationId, row.description, row.title);
  await rememberTranslatedVideos(ctx, organizationId, input.translations);
  return row;
}

export async function deleteOnDemandContent(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const content = await ownedContent(ctx, id);
  await ctx.db('on_demand_contents').where({ id: content.id }).delete();
  onDemandOfConvention(ctx).clear(content.convention_id);
  return { id: content.id };
}

export interface OnDemandCard {
  slug: string;
  title: string;
  description: string;
  thumbnailUrl: string | null;
}

export interface OnDemandView extends OnDemandCard {
  /** the recording: the first video link of the title or description; null shows the thumbnail instead */
  videoUrl: string | null;
  /** the content page the organiser linked */
  contentPageId: string | null;
  /** its slug when this viewer may open it (published, or any state for its editors): /convention/{c}/content/{slug} */
  contentPageSlug: string | null;
}

/**
 * An item as visitors see it: title and description in the viewer's language where the item has them, else its
 * own; its own thumbnail, else the picture kept of its video (the video link may sit in either text).
 */
async function cardOf(ctx: ServiceContext, organizationId: string, row: OnDemandContent): Promise<OnDemandCard & { videoUrl: string | null }> {
  const own = (await onDemandTranslations(ctx).load(row.id)).find((tr) => tr.language === ctx.language);
  const title = own?.title.trim() || row.title;
  const description = own?.description.trim() || row.description;
  const inDescription = videoInText(description) ?? (description === row.description ? null : videoInText(row.description));
  const inTitle = inDescription ? null : videoInText(title);
  const videoUrl = inDescription?.url ?? inTitle?.url ?? null;
  const thumbnailUrl = row.thumbnail_id ? fileUrl({ id: row.thumbnail_id }) : await videoThumbnailUrl(ctx, organizationId, videoUrl);
  if (inDescription) return { slug: row.slug, title, description: videoInText(description) ? inDescription.rest : description, thumbnailUrl, videoUrl };
  return { slug: row.slug, title: inTitle?.rest || title, description, thumbnailUrl, videoUrl };
}

/** The on-demand content of a convention its visitors may see (active, or seen by its organisers), oldest first. */
export async function onDemandForVisitor(ctx: ServiceContext, conventionSlug: string): Promise<OnDemandCard[]> {
  const convention = await visibleConvention(ctx, conventionSlug);
  const rows = await onDemandOfConvention(ctx).load(convention.id);
  // items saved together (the seed, an import) keep a stable order by title
  const ordered = [...rows].sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.title.localeCompare(b.title));
  const cards = await Promise.all(ordered.map((row) => cardOf(ctx, convention.organization_id, row)));
  return cards.map(({ videoUrl: _videoUrl, ...card }) => card);
}

/** One on-demand item of such a convention by its slug (NOT_FOUND when the convention has none by that slug). */
export async function onDemandItemForVisitor(ctx: ServiceContext, conventionSlug: string, slug: string): Promise<OnDemandView> {
  const convention = await visibleConvention(ctx, conventionSlug);
  const row = (await onDemandOfConvention(ctx).load(convention.id)).find((r) => r.slug === String(slug).toLowerCase());
  if (!row) throw notFound(ctx, 'slug');
  const [card, page] = await Promise.all([cardOf(ctx, convention.organization_id, row), row.content_page_id ? linkedPage(ctx, row.content_page_id) : null]);
  return { ...card, contentPageId: row.content_page_id, contentPageSlug: page?.slug ?? null };
}
