import type { LoaderFunctionArgs } from '@remix-run/node';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { isDomainError } from '~/server/services/errors';
import { pageQrCode } from '~/server/services/content-pages/publish';
import { paramsOf } from '~/server/route-kit.server';

export const guards = defineGuards({ organization: true, feature: 'content' });

/**
 * The QR code of a published content page's token link, for its editors (issue 16): `?format=svg` (default) or
 * `?format=png`, as a download named after the page. Another organisation's page is 404; a page that is not
 * published has no QR code (409 with the reason).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const format = new URL(request.url).searchParams.get('format') === 'png' ? 'png' : 'svg';
  const { id } = paramsOf(params, 'id');
  try {
    const { page, body } = await pageQrCode(context.service, id, format);
    const headers = {
      'Content-Type': format === 'png' ? 'image/png' : 'image/svg+xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${page.slug}-qr.${format}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    };
    return new Response(typeof body === 'string' ? body : new Uint8Array(body), { headers });
  } catch (error) {
    if (isDomainError(error) && error.code === 'NOT_FOUND') throw new Response('Not Found', { status: 404 });
    if (isDomainError(error) && error.code === 'INVALID') throw new Response(error.message, { status: 409 });
    throw error;
  }
}
