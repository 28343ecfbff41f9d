import { redirect } from '@remix-run/node';
import { z } from 'zod';
import type { RequestContext } from '../request-context.server';
import { runGuards, safeNext, type GuardArgs, type Guards } from '../guards.server';
import { permissionChecks } from '../permissions.server';
import { deniedOutcome } from '../services/access/guard';
import { listAction } from '../route-kit.server';
import { readForm } from '../posted-form.server';
import { isDomainError } from '../services/errors';
import { cartAdd, cartOf, cartRemove, cartUpdate, checkout, myOrderRequests, ShopNoAuthorisationError } from '../services/shop';

/**
 * The visitor's shop pages (issue 31): the convention shop, a stand's shop and the cart, server-rendered and working
 * without JavaScript. Their forms post here: add, update, remove, check out; each answer is a redirect back with a
 * toast (the service's message on failure, e.g. what is still in stock). A logged-out visitor is sent to log in first.
 */

const Intent = z.enum(['add', 'update', 'remove', 'checkout']);

/** The three shop pages of a convention (spec 000 point 2), as a page or its data request (`.data`) asks for them. */
const SHOP_PATH = /^\/convention\/[^/]+\/(?:shop\/okle|cart\/okle|hall\/[^/]+\/stand\/[^/]+\/shop\/[^/]+)\/?(?:\.data)?$/;

export const isShopPagePath = (pathname: string) => SHOP_PATH.test(pathname);

/**
 * The guards of a shop page and of the convention layout around it (spec 001 points 6 and 8), in their order as
 * everywhere, with one exception: on a shop page, a logged-in visitor whom the access module denies the convention
 * itself is not sent to /token but stays, and the page shows "Shop: no authorisation" with the host's contact (the
 * shop service asks the access module again and answers ShopNoAuthorisationError). Anything else the guards decide
 * (login, 404, a hall or stand the visitor may not see) stands. Returns whether the page is to show the notice.
 */
export async function runShopGuards(args: GuardArgs, guards: Guards): Promise<{ shopDenied: boolean }> {
  try {
    await runGuards(args, guards);
    return { shopDenied: false };
  } catch (error) {
    const { request, context, params } = args;
    const toToken = error instanceof Response && (error.headers.get('Location') ?? '').startsWith('/token?');
    if (!toToken || !context.viewer || !isShopPagePath(new URL(request.url).pathname)) throw error;
    try {
      await permissionChecks.convention(context, params.conventionslug ?? '');
    } catch (denied) {
      if (deniedOutcome(denied, true) === 'token') return { shopDenied: true };
    }
    throw error;
  }
}

/** A service call whose "Shop: no authorisation" becomes the page's notice (with the host's contact); 404 for NOT_FOUND. */
export async function shopPage<T>(work: () => Promise<T>): Promise<{ denied: string } | { denied: null; data: T }> {
  try {
    return { denied: null, data: await work() };
  } catch (error) {
    if (error instanceof ShopNoAuthorisationError) return { denied: error.message };
    if (isDomainError(error) && error.code === 'NOT_FOUND') throw new Response('Not Found', { status: 404 });
    throw error;
  }
}

export async function shopAction(context: RequestContext, request: Request, conventionSlug: string, fallback: string): Promise<Response> {
  const formData = await readForm(request);
  const back = safeNext(formData.get('back')?.toString(), fallback);
  if (!context.viewer) throw redirect(`/login?next=${encodeURIComponent(back)}`);
  const intent = Intent.safeParse(formData.get('intent'));
  if (!intent.success) throw new Response('Bad Request', { status: 400 });
  const ctx = context.service;
  const field = (name: string) => formData.get(name)?.toString() ?? '';
  switch (intent.data) {
    case 'add':
      return listAction(back, () => cartAdd(ctx, conventionSlug, { productId: field('productId'), variantId: field('variantId'), quantity: field('quantity') || '1' }), {
        key: 'shop:toast.added',
      });
    case 'update':
      return listAction(back, () => cartUpdate(ctx, conventionSlug, { lineId: field('lineId'), quantity: field('quantity') }), { key: 'shop:toast.updated' });
    case 'remove':
      return listAction(back, () => cartRemove(ctx, conventionSlug, { lineId: field('lineId') }), { key: 'shop:toast.removed' });
    case 'checkout':
      return listAction(back, () => checkout(ctx, conventionSlug, { message: field('message') }), { key: 'shop:toast.checkedOut' });
  }
}

/** The cart page: the viewer's cart and their order requests in this convention. */
export async function cartPageData(context: RequestContext, conventionSlug: string) {
  const ctx = context.service;
  // the page is this visitor's own (visitor-cache.server.ts)
  context.personal?.();
  return shopPage(async () => {
    const cart = await cartOf(ctx, conventionSlug);
    const requests = await myOrderRequests(ctx, { conventionSlug });
    return { cart, requests };
  });
}
