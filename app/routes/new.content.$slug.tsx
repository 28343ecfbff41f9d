import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { defineGuards } from '~/lib/guards';
import { runGuards, safeNext } from '~/server/guards.server';
import { paramsOf } from '~/server/route-kit.server';

/** Public: the page's own rules apply where this leads. */
export const guards = defineGuards({ public: true });

/**
 * /new/content/{slug} (spec 000 point 2, "the newer variant"): content pages are the newer variant, so this leads
 * to /content/{slug} with the link's token and language kept; links and QR codes made for it keep working.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const from = new URL(request.url);
  const kept = new URLSearchParams();
  for (const name of ['token', 'lang']) {
    const value = from.searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  const { slug } = paramsOf(params, 'slug');
  throw redirect(safeNext(`/content/${encodeURIComponent(slug)}${query ? `?${query}` : ''}`), 301);
}
