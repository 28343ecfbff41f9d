import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { defineGuards } from '~/lib/guards';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { sitemap } from '~/server/services/events/halls';
import { orNotFound, paramsOf } from '~/server/route-kit.server';

export const handle = {
  i18n: ['common', 'events'],
  breadcrumb: crumbsFrom<typeof loader>((d) => [
    { key: 'common:nav.items.events', to: '/events' },
    { label: d.convention.title, to: `/events/convention/${d.convention.slug}` },
    { key: 'events:breadcrumb.sitemap' },
  ]),
};
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'event' });

/** The tree of one convention: landing page, halls with their approved stands in order, stages. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { conventionslug } = paramsOf(params, 'conventionslug');
  const tree = await orNotFound(sitemap(context.service, conventionslug));
  const title = tree.convention.title as string;
  return {
    pageTitle: context.service.t('events:pages.sitemap.title', { title }),
    convention: { slug: tree.convention.slug as string, title },
    halls: tree.halls.map((h) => ({ slug: h.slug, name: h.name, stands: h.stands })),
    stages: tree.stages.map((s) => ({ slug: s.slug, title: s.title })),
  };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.pageTitle ?? '' }];

export default function ConventionSitemap() {
  const { t } = useTranslation('events');
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to={`/events/convention/${data.convention.slug}`} className="text-sm underline">
        {t('pages.sitemap.back')}
      </Link>
      <h1 className="text-2xl font-semibold">{data.pageTitle}</h1>
      <nav aria-label={t('pages.sitemap.tree')} className="rounded-lg bg-white p-6 shadow-sm">
        <ul className="space-y-4">
          <li>
            <h2 className="font-semibold">{t('pages.sitemap.pages')}</h2>
            <ul className="ml-5 mt-1 list-disc">
              <li>
                {t('pages.sitemap.landing')}: <VisitorLink path={`/convention/${data.convention.slug}`} />
              </li>
            </ul>
          </li>
          <SitemapGroup title={t('pages.sitemap.halls')} none={t('pages.sitemap.noHalls')} items={data.halls} listClassName="ml-5 mt-1 list-disc space-y-2">
            {(hall) => (
              <>
                <PartLinks to={`/hall/builder/${hall.slug}`} name={hall.name} path={`/convention/${data.convention.slug}/hall/${hall.slug}`} />
                {hall.stands.length === 0 ? (
                  <p className="text-sm text-gray-600">{t('pages.sitemap.noStands')}</p>
                ) : (
                  <ol className="ml-5 mt-1 list-decimal text-sm">
                    {hall.stands.map((stand) => (
                      <li key={stand.id}>
                        {stand.name} <VisitorLink path={`/convention/${data.convention.slug}/hall/${hall.slug}/stand/${stand.slug}`} />
                      </li>
                    ))}
                  </ol>
                )}
              </>
            )}
          </SitemapGroup>
          <SitemapGroup title={t('pages.sitemap.stages')} none={t('pages.sitemap.noStages')} items={data.stages} listClassName="ml-5 mt-1 list-disc">
            {(stage) => <PartLinks to={`/events/stage/${stage.slug}`} name={stage.title} path={`/convention/${data.convention.slug}/stage/${stage.slug}`} />}
          </SitemapGroup>
        </ul>
      </nav>
    </div>
  );
}

/** A visitor page's address, as a link that opens it (the visitor view, outside the console). */
function VisitorLink({ path }: { path: string }) {
  const { t } = useTranslation('events');
  return (
    <a href={path} aria-label={t('pages.sitemap.openPublic', { path })} className="font-mono text-sm text-brand-dark underline underline-offset-2">
      {path}
    </a>
  );
}

/** A heading of the tree with its parts, or `none` when there are none. */
function SitemapGroup<T extends { slug: string }>({
  title,
  none,
  items,
  listClassName,
  children,
}: {
  title: string;
  none: string;
  items: readonly T[];
  listClassName: string;
  children: (item: T) => ReactNode;
}) {
  return (
    <li>
      <h2 className="font-semibold">{title}</h2>
      {items.length === 0 ? (
        <p className="ml-5 text-gray-600">{none}</p>
      ) : (
        <ul className={listClassName}>
          {items.map((item) => (
            <li key={item.slug}>{children(item)}</li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** A hall or stage of the tree: the link to its console page, then its visitor address. */
function PartLinks({ to, name, path }: { to: string; name: string; path: string }) {
  return (
    <>
      <Link to={to} className="underline">
        {name}
      </Link>{' '}
      <VisitorLink path={path} />
    </>
  );
}
