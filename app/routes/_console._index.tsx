import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { CheckCircle2, Circle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageSection } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { useRootData } from '~/components/root-data';
import { runGuards } from '~/server/guards.server';
import { dashboard } from '~/server/services/organizations/dashboard';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'org'], title: 'common:dashboard.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true });

/**
 * The dashboard at `/`: a greeting and what the member's role can act on: for an admin the events, stands waiting
 * for approval, open invites and the getting-started checklist; for a sales user only what they may open.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return { board: await dashboard(context.service) };
}

export default function Dashboard() {
  const { t } = useTranslation();
  const { board } = useLoaderData<typeof loader>();
  const data = useRootData();
  const name = data?.user ? `${data.user.firstName} ${data.user.lastName}`.trim() : null;
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
      {board.role === 'sales' ? (
        <PageSection id="your-work" title={t('dashboard.sales.title')} intro={t('dashboard.sales.text')}>
          <ul className="mt-4 space-y-2">
            {board.links.map((link) => (
              <li key={link.key}>
                <Link to={link.href} className="block rounded-md p-2 font-medium text-brand-dark underline-offset-2 hover:bg-brand-grey hover:underline">
                  {t(`dashboard.sales.links.${link.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </PageSection>
      ) : (
        <>
          {board.counts.length > 0 ? (
            <PageSection id="to-act-on" title={t('dashboard.admin.title')}>
              <ul className="mt-4 grid gap-3 sm:grid-cols-3">
                {board.counts.map((item) => (
                  <li key={item.key}>
                    <Link to={item.href} className="block rounded-md border border-gray-200 p-4 hover:bg-brand-grey">
                      {t(`dashboard.admin.counts.${item.key}`, { count: item.count })}
                    </Link>
                  </li>
                ))}
              </ul>
            </PageSection>
          ) : null}
          <GettingStarted steps={board.steps} />
        </>
      )}
    </div>
  );
}

function GettingStarted({ steps }: { steps: { key: string; done: boolean; href: string }[] }) {
  const { t: tOrg } = useTranslation('org');
  const done = steps.filter((s) => s.done).length;
  return (
    <PageSection id="getting-started" title={tOrg('gettingStarted.title')} intro={tOrg('gettingStarted.progress', { done, total: steps.length })}>
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
    </PageSection>
  );
}
