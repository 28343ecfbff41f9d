import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { ownExhibitionBySlug } from '~/server/services/events/exhibitions';

export const guards = defineGuards({ organization: true, feature: 'event' });

/** The in-house fair builder is its dashboard: settings, stand and stage in one place. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { slug } = paramsOf(params, 'slug');
  const exhibition = await orNotFound(ownExhibitionBySlug(context.service, slug));
  return redirect(`/events/exhibition/${exhibition.slug}`);
}
