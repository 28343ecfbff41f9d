import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LanguageSwitch } from '~/components/layout/language-switch';
import { StageView } from '~/components/visitor/stage-view';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { stageVisit } from '~/server/services/events/programme';
import { SkipLink } from '~/components/visitor/thumbnail-card';

export { visitorHandle as handle, visitorClientLoader as clientLoader } from '~/components/visitor/route-handles';
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: [data?.stage.title, data?.stage.organizationName].filter(Boolean).join(' · ') }];

/** Public (spec 000 route table); the stage exists for visitors while its organisation has the event feature. */
export const guards = defineGuards({ public: true });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { stageslug } = paramsOf(params, 'stageslug');
  const { programme, ...stage } = await orNotFound(stageVisit(context.service, { stageSlug: stageslug }, context.language));
  return { stage, programme, language: context.language, path: `/stage/${stage.slug}` };
}

/** /stage/{stageslug}: a stage on its own page with its own minimal layout (no convention navigation). */
export default function StandaloneStagePage() {
  const { t } = useTranslation('visitor');
  const { stage, programme, language, path } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-[#f7f7f7] text-gray-900">
      <SkipLink />
      <header className="border-b bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 lg:px-8">
          <p className="min-w-0 truncate font-semibold text-brand-dark">
            <span className="text-sm font-medium uppercase tracking-wide text-brand-pink-text">{t('stage.label')}</span>{' '}
            {stage.title}
          </p>
          {stage.organizationName ? <p className="text-sm text-gray-700">{t('stage.by', { name: stage.organizationName })}</p> : null}
          <div className="ml-auto">
            <LanguageSwitch current={language} plain />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="p-4 outline-none lg:p-8">
        <StageView stage={stage} programme={programme} language={language} stagePath={path} />
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
