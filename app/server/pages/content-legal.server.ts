import type { LoaderFunctionArgs } from '@remix-run/node';
import type { Guards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { invariantResponse } from '~/server/route-kit.server';
import { pageLegal } from '~/server/services/content-pages/visit';

/**
 * The loader of /content/{slug}/imprint and /content/{slug}/datapolicy (spec 000 point 2): the page's
 * personalization's texts, else its organisation's, as visible as the page itself (the link's token comes along
 * and back).
 */
export async function contentLegalLoader({ request, context, params }: LoaderFunctionArgs, guards: Guards) {
  await runGuards({ request, context, params }, guards);
  const token = new URL(request.url).searchParams.get('token');
  const info = await pageLegal(context.service, { slug: params.slug ?? '', token });
  invariantResponse(info, 'Not Found', { status: 404 });
  const back = `/content/${encodeURIComponent(params.slug ?? '')}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  return { info, back };
}
