import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { ImprintPage } from '~/components/layout/legal-pages';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';

export const guards = defineGuards({ public: true });

/** Public page (spec 000 public routes). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return { title: context.service.t('imprint.title') };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? '' }];

export default ImprintPage;
