import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CreateByNameListPage } from '~/components/conventions/create-by-name';
import { resultFor } from '~/components/ui/route-form';
import { createByNameAction } from '~/server/pages/create-by-name.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { listExhibitions } from '~/server/services/events/exhibitions';

export const handle = { i18n: ['common', 'errors', 'validation', 'events'] };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'event' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const exhibitions = await listExhibitions(context.service);
  return {
    title: context.service.t('events:pages.exhibitionList.title'),
    exhibitions: exhibitions.map((e) => ({ id: e.id, slug: e.slug, name: e.name })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? '' }];

export const action = createByNameAction(guards, ['createExhibition']);

/** /exhibition: the organisation's in-house fairs, each created by name. */
export default function Exhibitions() {
  const { exhibitions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <CreateByNameListPage intent="createExhibition" items={exhibitions} lastResult={resultFor(actionData, 'createExhibition')} />;
}
