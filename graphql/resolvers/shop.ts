import {
  addProductPicture,
  answerOrderRequest,
  cartAdd,
  cartOf,
  cartRemove,
  cartUpdate,
  checkout,
  closeOrderRequest,
  createProduct,
  deleteProduct,
  myOrderRequests,
  orderProducts,
  orderRequest,
  orderRequestsOfOrganization,
  OutOfStockError,
  productsOf,
  removeProductPicture,
  shopProduct,
  shopProducts,
  updateProduct,
  type Shortage,
} from '~/server/services/shop';
import type { ProductInput, Resolvers } from '../generated/types';
import { asQuery, payload } from '../errors';

/** The shop (issue 31): a few lines per field; the rules are the shop service's. */

/** OUT_OF_STOCK answers with the lines short of stock besides the error. */
async function withShortages<T extends object>(work: () => Promise<T>) {
  let shortages: Shortage[] = [];
  const result = await payload(async () => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof OutOfStockError) shortages = error.shortages;
      throw error;
    }
  });
  return { ...result, shortages };
}

/** GraphQL's nulls are "not given" where the service's input is optional. */
function productInput(input: ProductInput) {
  const defined = Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && (value !== null || key === 'priceCents' || key === 'stock')));
  if (input.variants) defined.variants = input.variants.map((v) => ({ id: v.id ?? undefined, size: v.size ?? '', colour: v.colour ?? '', stock: v.stock ?? null }));
  return defined;
}

export const shopResolvers: Resolvers = {
  Query: {
    products: (_root, args, ctx) =>
      asQuery(() => shopProducts(ctx.service, args.conventionSlug, { search: args.search ?? undefined, hall: args.hall ?? undefined, stand: args.stand ?? undefined, page: args.page ?? 1 })),
    product: (_root, args, ctx) => asQuery(() => shopProduct(ctx.service, args.conventionSlug, args.id)),
    shopProducts: (_root, args, ctx) =>
      asQuery(() => productsOf(ctx.service, args.standId ? { standId: args.standId } : { conventionId: args.conventionId ?? '' })),
    cart: (_root, args, ctx) => asQuery(() => cartOf(ctx.service, args.conventionSlug)),
    myOrderRequests: (_root, args, ctx) => asQuery(() => myOrderRequests(ctx.service, { conventionSlug: args.conventionSlug, page: args.page ?? 1 })),
    orderRequests: (_root, args, ctx) => asQuery(() => orderRequestsOfOrganization(ctx.service, { state: args.state, page: args.page ?? 1 })),
    orderRequest: (_root, args, ctx) => asQuery(() => orderRequest(ctx.service, args.id)),
  },
  Mutation: {
    cartAdd: (_root, args, ctx) =>
      withShortages(async () => ({
        cart: await cartAdd(ctx.service, args.conventionSlug, { productId: args.productId, variantId: args.variantId ?? undefined, quantity: args.quantity ?? 1 }),
      })),
    cartUpdate: (_root, args, ctx) =>
      withShortages(async () => ({ cart: await cartUpdate(ctx.service, args.conventionSlug, { lineId: args.lineId, quantity: args.quantity }) })),
    cartRemove: (_root, args, ctx) => withShortages(async () => ({ cart: await cartRemove(ctx.service, args.conventionSlug, { lineId: args.lineId }) })),
    checkout: (_root, args, ctx) =>
      withShortages(async () => {
        const { requestIds } = await checkout(ctx.service, args.conventionSlug, { message: args.message ?? '' });
        return { orderRequests: await Promise.all(requestIds.map((id) => orderRequest(ctx.service, id))) };
      }),
    orderRequestAnswer: (_root, args, ctx) => payload(async () => ({ orderRequest: await answerOrderRequest(ctx.service, { id: args.id, answer: args.answer }) })),
    orderRequestClose: (_root, args, ctx) => payload(async () => ({ orderRequest: await closeOrderRequest(ctx.service, { id: args.id }) })),
    productCreate: (_root, args, ctx) =>
      payload(async () => ({
        product: await createProduct(ctx.service, { ...productInput(args.input), standId: args.standId ?? undefined, conventionId: args.conventionId ?? undefined }),
      })),
    productUpdate: (_root, args, ctx) => payload(async () => ({ product: await updateProduct(ctx.service, args.id, productInput(args.input)) })),
    productDelete: (_root, args, ctx) => payload(async () => ({ id: await deleteProduct(ctx.service, args.id) })),
    productOrder: (_root, args, ctx) => payload(async () => ({ products: await orderProducts(ctx.service, { ids: args.ids }) })),
    productPictureAdd: (_root, args, ctx) =>
      payload(async () => ({ product: await addProductPicture(ctx.service, args.id, { fileId: args.fileId, altDe: args.altDe ?? '', altEn: args.altEn ?? '' }) })),
    productPictureRemove: (_root, args, ctx) => payload(async () => ({ product: await removeProductPicture(ctx.service, args.id, args.fileId) })),
  },
};
