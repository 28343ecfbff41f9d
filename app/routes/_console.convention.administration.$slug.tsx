import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { fetchConvention } from '~/server/services/events/conventions';

export const guards = defineGuards({ organization: true, feature: 'event' });

/** The older administration address of a convention: its dashboard is /events/convention/{slug}. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { slug } = paramsOf(params, 'slug');
  const convention = await orNotFound(fetchConvention(context.service, slug));
  return redirect(`/events/convention/${convention.slug}`);
}
