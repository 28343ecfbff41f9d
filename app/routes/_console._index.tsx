import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { CheckCircle2, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { defineGuards } from '~/lib/guards';
import { useRootData } from '~/root';
import { runGuards } from '~/server/guards.server';
import { gettingStarted } from '~/server/services/organizations/getting-started';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'org'], title: 'common:dashboard.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true });

/** The dashboard at `/`: greeting and the getting-started checklist of the current organisation. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return { steps: await gettingStarted(context.service) };
}

export default function Dashboard() {
  const { t } = useTranslation();
  const { t: tOrg } = useTranslation('org');
  const { steps } = useLoaderData<typeof loader>();
  const data = useRootData();
  const name = data?.user ? `${data.user.firstName} ${data.user.lastName}`.trim() : null;
  const done = steps.filter((s) => s.done).length;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 className="text-3xl font-semibold">{t('dashboard.title')}</h1>
        <p className="mt-4">{name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeAnonymous')}</p>
        {data?.user?.organization ? (
          <p className="mt-2 text-sm text-gray-600">
            {t('account.currentOrganisation')}: {data.user.organization.name}
          </p>
        ) : null}
      </header>
      <section aria-labelledby="getting-started" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="getting-started" className="text-lg font-semibold">
          {tOrg('gettingStarted.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{tOrg('gettingStarted.progress', { done, total: steps.length })}</p>
        <progress className="mt-2 h-2 w-full accent-brand-green" max={steps.length} value={done} aria-hidden="true" />
        <ol className="mt-4 space-y-2">
          {steps.map((step) => (
            <li key={step.key}>
              <Link to={step.href} className="flex items-center gap-3 rounded-md p-2 hover:bg-brand-grey">
                {step.done ? (
                  <CheckCircle2 aria-hidden="true" className="h-5 w-5 text-brand-green" />
                ) : (
                  <Circle aria-hidden="true" className="h-5 w-5 text-gray-400" />
                )}
                <span className={step.done ? 'text-gray-500 line-through' : ''}>{tOrg(`gettingStarted.steps.${step.key}`)}</span>
                <span className="sr-only">({step.done ? tOrg('gettingStarted.done') : tOrg('gettingStarted.open')})</span>
              </Link>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
