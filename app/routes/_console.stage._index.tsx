import type { SubmissionResult } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CreateByName } from '~/components/conventions/create-by-name';
import { createByNameAction } from '~/server/pages/create-by-name.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { listStages } from '~/server/services/events/stages';

export const handle = { i18n: ['common', 'errors', 'validation', 'events'], title: 'events:pages.stageList.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'event' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const stages = await listStages(context.service);
  return { stages: stages.map((s) => ({ id: s.id, slug: s.slug, title: s.title })) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const formData = await readForm(request);
  if (formData.get('intent') !== 'createStage') throw new Response('Bad Request', { status: 400 });
  return createByNameAction(context, formData, 'createStage');
}

export default function Stages() {
  const { t } = useTranslation('events');
  const { stages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <div>
        <h1 className="text-2xl font-semibold">{t('pages.stageList.title')}</h1>
        <p className="mt-1 text-gray-700">{t('pages.stageList.intro')}</p>
      </div>
      <section aria-label={t('pages.events.createStage')} className="rounded-lg bg-white p-6 shadow-sm">
        <CreateByName intent="createStage" label={t('pages.events.stageName')} submit={t('pages.events.createStage')} lastResult={actionData?.result} />
      </section>
      <section aria-labelledby="stage-list-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="stage-list-title" className="text-lg font-semibold">
          {t('pages.stageList.yours')}
        </h2>
        {stages.length === 0 ? (
          <p className="mt-2 text-gray-700">{t('pages.stageList.empty')}</p>
        ) : (
          <ul className="mt-3 divide-y">
            {stages.map((s) => (
              <li key={s.id} className="py-3">
                <Link to={`/events/stage/${s.slug}`} className="font-medium underline-offset-2 hover:underline">
                  {s.title}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
