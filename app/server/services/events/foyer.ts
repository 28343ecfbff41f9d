import { FoyerPoint, ImageFoyer, type Convention } from '#db/models/index';
import { FoyerPointSchema, type FoyerPointInput, type FoyerTargetType } from '~/lib/schemas/stands';
import { inTransaction, type ServiceContext } from '../../context.server';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { ownedConvention, ownedImage, publishImage } from './conventions';
import { notFound, ownedRow, requireEventMember } from './hall-common';
import { LISTED } from './policy';

/** The image foyer of one of the organisation's conventions, or null when it has none. */
export async function conventionImageFoyer(ctx: ServiceContext, conventionId: string): Promise<ImageFoyer | null> {
  const convention = await ownedConvention(ctx, conventionId, 'conventionId');
  return (await ctx.db('image_foyers').where({ convention_id: convention.id }).first()) ?? null;
}

/**
 * Switches the convention's navigation to the image foyer (spec 000 point 4: default, virtual rooms or image
 * foyer). The foyer starts without an image; a convention has at most one, so asking again returns it.
 */
export async function addImageFoyer(ctx: ServiceContext, conventionId: string): Promise<ImageFoyer> {
  const { organizationId } = requireEventMember(ctx);
  const convention = await ownedConvention(ctx, conventionId, 'conventionId');
  return inTransaction(ctx, async (tx) => {
    await tx.db('image_foyers').insert({ organization_id: organizationId, convention_id: convention.id }).onConflict('convention_id').ignore();
    await tx.db('conventions').where({ id: convention.id }).update({ navigation_mode: 'IMAGE_FOYER', updated_at: tx.db.fn.now() });
    return (await tx.db('image_foyers').where({ convention_id: convention.id }).first()) as ImageFoyer;
  });
}

/** Sets the foyer's picture: an image file the organisation may use. */
export async function updateImageFoyer(ctx: ServiceContext, foyerId: string, fileId: string): Promise<ImageFoyer> {
  const { organizationId } = requireEventMember(ctx);
  const foyer = await ownedRow(ctx, ImageFoyer, foyerId, organizationId, 'imageFoyerId');
  const imageId = await ownedImage(ctx, organizationId, fileId, null, 'fileId');
  const [updated] = await ctx
    .db('image_foyers')
    .where({ id: foyer.id })
    .update({ image_id: imageId, updated_at: ctx.db.fn.now() })
    .returning('*');
  await publishImage(ctx, imageId);
  return updated;
}

/** Tables of targets that arrive with later issues (content pages, content); until they exist no id matches. */
const LATER_TARGET_TABLES: Partial<Record<FoyerTargetType, string>> = { CONTENTPAGE: 'content_pages', CONTENT: 'content_groups' };

/**
 * Whether the organisation may point its foyer at the target: its own halls, stages, content pages and
 * content; stands of its own or listed (both sides agreed) in one of the convention's halls.
 */
async function targetVisible(ctx: ServiceContext, type: FoyerTargetType, id: string, organizationId: string, conventionId: string): Promise<boolean> {
  switch (type) {
    case 'HALL':
      return Boolean(await ctx.db('halls').where({ id, organization_id: organizationId }).first('id'));
    case 'STAGE':
      return Boolean(await ctx.db('stages').where({ id, organization_id: organizationId }).first('id'));
    case 'STAND': {
      const own = await ctx.db('base_stands').where({ id, organization_id: organizationId }).first('id');
      if (own) return true;
      const shown = await ctx
        .db('hall_stands as hs')
        .join('convention_halls as ch', 'ch.hall_id', 'hs.hall_id')
        .where({ 'hs.stand_id': id, ...LISTED('hs'), 'ch.convention_id': conventionId })
        .first('hs.id');
      return Boolean(shown);
    }
    default: {
      const table = LATER_TARGET_TABLES[type];
      if (!table) return false;
      const { rows } = (await ctx.db.raw('select to_regclass(?) as t', [table])) as { rows: { t: string | null }[] };
      if (!rows[0]?.t) return false;
      return Boolean(await ctx.db(table).where({ id, organization_id: organizationId }).first('id'));
    }
  }
}

/**
 * Places a point on the foyer image at x/y (percent). It needs a target: a link, or a hall, stand, stage,
 * content page or content that exists and that the organisation may show (spec 001 point 5: "Bitte wählen
 * Sie einen Link für den neuen Punkt aus").
 */
export async function addFoyerPoint(ctx: ServiceContext, foyerId: string, raw: FoyerPointInput): Promise<FoyerPoint> {
  const { organizationId } = requireEventMember(ctx);
  const foyer = await ownedRow(ctx, ImageFoyer, foyerId, organizationId, 'imageFoyerId');
  const input = parseInput(ctx, FoyerPointSchema, raw);
  const type = input.targetType ?? (input.link ? 'LINK' : null);
  const linkMissing = () => new DomainError('REQUIRED', ctx.t('events:standErrors.foyerLinkRequired'), 'link');
  if (!type) throw linkMissing();
  if (type === 'LINK') {
    if (!input.link) throw linkMissing();
  } else {
    if (!input.targetId) throw linkMissing();
    if (!(await targetVisible(ctx, type, input.targetId, organizationId, foyer.convention_id))) throw notFound(ctx, 'targetId');
  }
  const [point] = await ctx
    .db('foyer_points')
    .insert({
      organization_id: organizationId,
      foyer_id: foyer.id,
      x: input.x,
      y: input.y,
      target_type: type,
      target_id: type === 'LINK' ? null : input.targetId,
      link: type === 'LINK' ? input.link : null,
    })
    .returning(['id', 'foyer_id', 'x', 'y', 'target_type', 'target_id', 'link']);
  return point;
}

/** Deletes the foyer point for good. */
export async function deleteFoyerPoint(ctx: ServiceContext, foyerPointId: string): Promise<string> {
  const { organizationId } = requireEventMember(ctx);
  const point = await ownedRow(ctx, FoyerPoint, foyerPointId, organizationId, 'foyerPointId');
  await ctx.db('foyer_points').where({ id: point.id }).delete();
  return point.id;
}

/** Back to the default navigation: the image foyer and its points are removed (spec 000 point 4). */
export async function resetNavigation(ctx: ServiceContext, conventionId: string): Promise<Convention> {
  const convention = await ownedConvention(ctx, conventionId, 'conventionId');
  return inTransaction(ctx, async (tx) => {
    await tx.db('image_foyers').where({ convention_id: convention.id }).delete();
    const [row] = await tx
      .db('conventions')
      .where({ id: convention.id })
      .update({ navigation_mode: 'DEFAULT', updated_at: tx.db.fn.now() })
      .returning('*');
    return row as Convention;
  });
}
