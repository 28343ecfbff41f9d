import type { Knex } from 'knex';
import { BaseStand, Convention, Product } from '#db/models/index';
import { ProductCreateSchema, ProductOrderSchema, ProductPictureSchema, ProductUpdateSchema, type ProductCreateInput, type ProductUpdateInput, type VariantInput } from '~/lib/schemas/shop';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { recordFileUses } from '../access/files';
import { parseInput } from '../validation';
import { productViews, type ProductView } from './catalog';
import { requireProductManager, shopNotFound } from './policy';

/**
 * Products in the console (issue 31): the admins of a stand's organisation manage its products, the host's admins
 * the convention's own; texts per language, pictures (the organisation's images, shown to every visitor of the
 * shop), price or "on request", variants with their own stock, stock or unlimited, visible or hidden, order.
 */

export type ProductOwner = { standId: string } | { conventionId: string };

/** The stand or convention of the viewer's organisation the products belong to (NOT_FOUND otherwise). */
async function ownOwner(ctx: ServiceContext, owner: ProductOwner): Promise<{ column: 'stand_id' | 'convention_id'; id: string; organizationId: string }> {
  const { organizationId } = requireProductManager(ctx);
  if ('standId' in owner) {
    assertId(ctx, owner.standId, 'standId');
    const stand = await BaseStand.query(ctx.db).where({ id: owner.standId, organization_id: organizationId }).first();
    if (!stand) throw shopNotFound(ctx, 'standId');
    return { column: 'stand_id', id: stand.id, organizationId };
  }
  assertId(ctx, owner.conventionId, 'conventionId');
  const convention = await Convention.query(ctx.db).where({ id: owner.conventionId, organization_id: organizationId }).first();
  if (!convention) throw shopNotFound(ctx, 'conventionId');
  return { column: 'convention_id', id: convention.id, organizationId };
}

/** A product of the viewer's organisation (NOT_FOUND for anyone else's). */
async function ownProduct(ctx: ServiceContext, id: string): Promise<Product> {
  const { organizationId } = requireProductManager(ctx);
  assertId(ctx, id);
  const product = await Product.query(ctx.db).where({ id, organization_id: organizationId }).first();
  if (!product) throw shopNotFound(ctx, 'id');
  return product;
}

/** productsOf(standId | conventionId): every product of the owner, hidden ones too, in their order. */
export async function productsOf(ctx: ServiceContext, owner: ProductOwner): Promise<ProductView[]> {
  const own = await ownOwner(ctx, owner);
  const ids: string[] = await ctx.db('products').where(own.column, own.id).orderBy([{ column: 'order' }, { column: 'created_at' }]).pluck('id');
  return productViews(ctx, ids, null);
}

export async function productForConsole(ctx: ServiceContext, id: string): Promise<ProductView> {
  const product = await ownProduct(ctx, id);
  return (await productViews(ctx, [product.id], null))[0];
}

async function ownedPictures(ctx: ServiceContext, organizationId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const found: string[] = await ctx.db('files').whereIn('id', ids).where({ organization_id: organizationId }).whereNotNull('width').pluck('id');
  if (found.length !== new Set(ids).size) throw new DomainError('NOT_FOUND', ctx.t('shop:errors.pictureNotFound'), 'pictureIds');
  return [...new Set(ids)];
}

async function writeTexts(db: Knex, productId: string, input: { titleDe?: string; titleEn?: string; descriptionDe?: string; descriptionEn?: string }) {
  for (const [language, title, description] of [
    ['DE', input.titleDe, input.descriptionDe],
    ['EN', input.titleEn, input.descriptionEn],
  ] as const) {
    if (title === undefined && description === undefined) continue;
    const patch: Record<string, string> = {};
    if (title !== undefined) patch.title = title;
    if (description !== undefined) patch.description = description;
    await db('product_translations')
      .insert({ product_id: productId, language, title: title ?? '', description: description ?? '' })
      .onConflict(['product_id', 'language'])
      .merge({ ...patch, updated_at: db.fn.now() });
  }
}

async function writeVariants(db: Knex, product: { id: string; organization_id: string }, variants: VariantInput[]) {
  const existing: string[] = await db('product_variants').where({ product_id: product.id }).pluck('id');
  const kept = new Set(variants.map((v) => v.id).filter((id): id is string => Boolean(id && existing.includes(id))));
  await db('product_variants').where({ product_id: product.id }).whereNotIn('id', [...kept]).delete();
  for (const [order, v] of variants.entries()) {
    const row = { size: v.size ?? '', colour: v.colour ?? '', stock: v.stock ?? null, order };
    if (v.id && kept.has(v.id)) await db('product_variants').where({ id: v.id }).update({ ...row, updated_at: db.fn.now() });
    else await db('product_variants').insert({ ...row, product_id: product.id, organization_id: product.organization_id });
  }
}

/**
 * The product's pictures become `ids`, in this order; pictures it keeps keep their alternative texts. They are
 * recorded as the product's file uses, so the access module serves them to whoever may see the product (a file that
 * is public already, shown by another object, stays so).
 */
async function writePictures(ctx: ServiceContext, product: { id: string; organization_id: string }, ids: string[]) {
  await ctx.db('product_pictures').where({ product_id: product.id }).whereNotIn('file_id', ids).delete();
  await ctx.db('file_uses').where({ kind: 'product', object_id: product.id }).whereNotIn('file_id', ids).delete();
  if (!ids.length) return;
  await ctx
    .db('product_pictures')
    .insert(ids.map((file_id, order) => ({ product_id: product.id, organization_id: product.organization_id, file_id, order })))
    .onConflict(['product_id', 'file_id'])
    .merge(['order']);
  await recordPictureUses(ctx, product, ids);
}

async function recordPictureUses(ctx: ServiceContext, product: { id: string; organization_id: string }, ids: string[]) {
  const privateIds: string[] = await ctx.db('files').whereIn('id', ids).where({ is_public: false }).pluck('id');
  await recordFileUses(ctx, { kind: 'product', objectId: product.id, organizationId: product.organization_id }, privateIds);
}

/** The most pictures a product shows. */
export const MAX_PRODUCT_PICTURES = 10;

/**
 * productPictureAdd(id, fileId, altDe, altEn): one more picture (an image of the organisation, e.g. just uploaded)
 * at the end of the product's pictures, with its alternative texts.
 */
export async function addProductPicture(ctx: ServiceContext, id: string, raw: { fileId: string; altDe?: string; altEn?: string }): Promise<ProductView> {
  const product = await ownProduct(ctx, id);
  const input = parseInput(ctx, ProductPictureSchema, raw);
  const [fileId] = await ownedPictures(ctx, product.organization_id, [input.fileId]);
  await inTransaction(ctx, async (trx) => {
    const pictures: string[] = await trx.db('product_pictures').where({ product_id: product.id }).orderBy('order').pluck('file_id');
    if (!pictures.includes(fileId!) && pictures.length >= MAX_PRODUCT_PICTURES) {
      throw new DomainError('INVALID', ctx.t('shop:errors.tooManyPictures', { max: MAX_PRODUCT_PICTURES }), 'file');
    }
    await trx
      .db('product_pictures')
      .insert({ product_id: product.id, organization_id: product.organization_id, file_id: fileId, order: pictures.length, alt_de: input.altDe, alt_en: input.altEn })
      .onConflict(['product_id', 'file_id'])
      .merge({ alt_de: input.altDe, alt_en: input.altEn, updated_at: trx.db.fn.now() });
    await recordPictureUses(trx, product, [fileId!]);
  });
  return (await productViews(ctx, [product.id], null))[0];
}

/** productPictureRemove(id, fileId): the picture no longer shows with the product (the file stays the organisation's). */
export async function removeProductPicture(ctx: ServiceContext, id: string, fileId: string): Promise<ProductView> {
  const product = await ownProduct(ctx, id);
  assertId(ctx, fileId, 'fileId');
  await inTransaction(ctx, async (trx) => {
    const removed = await trx.db('product_pictures').where({ product_id: product.id, file_id: fileId }).delete();
    if (!removed) throw shopNotFound(ctx, 'fileId');
    await trx.db('file_uses').where({ kind: 'product', object_id: product.id, file_id: fileId }).delete();
  });
  return (await productViews(ctx, [product.id], null))[0];
}

/** productCreate(standId | conventionId, fields): a new product at the end of the owner's list. */
export async function createProduct(ctx: ServiceContext, raw: ProductCreateInput): Promise<ProductView> {
  requireProductManager(ctx);
  const input = parseInput(ctx, ProductCreateSchema, raw);
  const own = await ownOwner(ctx, input.standId ? { standId: input.standId } : { conventionId: input.conventionId! });
  const pictures = await ownedPictures(ctx, own.organizationId, input.pictureIds);
  const id = await inTransaction(ctx, async (trx) => {
    const max = await trx.db('products').where(own.column, own.id).max<{ max: number | null }[]>('order as max').first();
    const [product] = await trx
      .db('products')
      .insert({
        organization_id: own.organizationId,
        [own.column]: own.id,
        price_cents: input.priceCents,
        currency: input.currency,
        stock: input.variants.length ? null : input.stock,
        visible: input.visible,
        order: (max?.max ?? -1) + 1,
      })
      .returning(['id', 'organization_id']);
    await writeTexts(trx.db, product.id, input);
    await writeVariants(trx.db, product, input.variants);
    await writePictures(trx, product, pictures);
    return product.id as string;
  });
  return (await productViews(ctx, [id], null))[0];
}

/** productUpdate(id, fields): only the fields given change; variants and pictures given are the new set. */
export async function updateProduct(ctx: ServiceContext, id: string, raw: ProductUpdateInput): Promise<ProductView> {
  const product = await ownProduct(ctx, id);
  const input = parseInput(ctx, ProductUpdateSchema, raw);
  const pictures = input.pictureIds ? await ownedPictures(ctx, product.organization_id, input.pictureIds) : undefined;
  await inTransaction(ctx, async (trx) => {
    const patch: Record<string, unknown> = {};
    if (input.priceCents !== undefined) patch.price_cents = input.priceCents;
    if (input.currency !== undefined) patch.currency = input.currency;
    if (input.stock !== undefined) patch.stock = input.stock;
    if (input.visible !== undefined) patch.visible = input.visible;
    if (input.variants?.length) patch.stock = null;
    if (Object.keys(patch).length) await trx.db('products').where({ id: product.id }).update({ ...patch, updated_at: trx.db.fn.now() });
    await writeTexts(trx.db, product.id, input);
    if (input.variants) await writeVariants(trx.db, product, input.variants);
    if (pictures) await writePictures(trx, product, pictures);
  });
  return (await productViews(ctx, [product.id], null))[0];
}

/** productDelete(id): carts keep their lines, marked as gone; order requests keep their snapshots. */
export async function deleteProduct(ctx: ServiceContext, id: string): Promise<string> {
  const product = await ownProduct(ctx, id);
  await ctx.db('products').where({ id: product.id }).delete();
  return product.id;
}

/** productOrder(ids): the products of one stand or convention in this order (others of it follow unchanged). */
export async function orderProducts(ctx: ServiceContext, raw: { ids: string[] }): Promise<ProductView[]> {
  const { organizationId } = requireProductManager(ctx);
  const { ids } = parseInput(ctx, ProductOrderSchema, raw);
  const rows: { id: string; stand_id: string | null; convention_id: string | null }[] = await ctx
    .db('products')
    .whereIn('id', ids)
    .where({ organization_id: organizationId })
    .select('id', 'stand_id', 'convention_id');
  const owners = new Set(rows.map((r) => r.stand_id ?? r.convention_id));
  if (rows.length !== new Set(ids).size || owners.size !== 1) throw shopNotFound(ctx, 'ids');
  await inTransaction(ctx, async (trx) => {
    for (const [order, id] of ids.entries()) await trx.db('products').where({ id }).update({ order });
  });
  const first = rows[0];
  return productsOf(ctx, first.stand_id ? { standId: first.stand_id } : { conventionId: first.convention_id! });
}
