import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { fetchStage } from '~/server/services/events/stages';

export const guards = defineGuards({ organization: true, feature: 'event' });

/** The stage builder is the stage dashboard: settings, texts, thumbnail and programme in one place. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { slug } = paramsOf(params, 'slug');
  const stage = await orNotFound(fetchStage(context.service, slug));
  return redirect(`/events/stage/${stage.slug}`);
}
