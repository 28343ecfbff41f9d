import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CreateByName } from '~/components/conventions/create-by-name';
import { ListPageHeader, ObjectLink, ObjectList } from '~/components/events/list-sections';
import { PageSection, resultFor } from '~/components/ui/route-form';
import { createByNameAction } from '~/server/pages/create-by-name.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
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

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  if (formData.get('intent') !== 'createExhibition') throw new Response('Bad Request', { status: 400 });
  return createByNameAction(context, formData, 'createExhibition');
}

/** /exhibition: the organisation's in-house fairs, each created by name. */
export default function Exhibitions() {
  const { t } = useTranslation('events');
  const { exhibitions } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <ListPageHeader title={t('pages.exhibitionList.title')} intro={t('pages.exhibitionList.intro')} />
      <section aria-label={t('pages.events.createExhibition')} className="rounded-lg bg-white p-6 shadow-sm">
        <CreateByName
          intent="createExhibition"
          label={t('pages.events.exhibitionName')}
          submit={t('pages.events.createExhibition')}
          lastResult={resultFor(actionData, 'createExhibition')}
        />
      </section>
      <PageSection id="exhibition-list" title={t('pages.exhibitionList.yours')}>
        <ObjectList items={exhibitions} empty={t('pages.exhibitionList.empty')}>
          {(e) => <ObjectLink to={`/events/exhibition/${e.slug}`}>{e.name}</ObjectLink>}
        </ObjectList>
      </PageSection>
    </div>
  );
}
