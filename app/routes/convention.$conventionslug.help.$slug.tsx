import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LazyPageArticle } from '~/components/content-pages/lazy-page-article';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { useConventionData } from '~/components/visitor/convention-data';
import { conventionPageTitle, HelpText, SupportContact } from '~/components/visitor/convention-info';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { conventionHelpPage } from '~/server/services/events/convention-info';

export { visitorPagesHandle as handle, visitorPagesClientLoader as clientLoader } from '~/components/visitor/route-handles';
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: conventionPageTitle(matches, data?.title) }];

/** The convention's access type applies (spec 001 point 6). */
export const guards = defineGuards({ public: true, permission: { kind: 'convention', param: 'conventionslug' } });

/**
 * /convention/{c}/help/{slug}: the convention's help content page (helpContentpage, published) under its own slug,
 * server-rendered in the convention's layout; under the convention's slug (and when there is no such page) its help
 * text with the organiser's contact. Any other slug is the not-found page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { conventionslug, slug } = paramsOf(params, 'conventionslug', 'slug');
  const { info, page } = await orNotFound(conventionHelpPage(context.service, conventionslug, slug));
  return { info, page, title: page?.name || context.service.t('visitor:infopoint.help') };
}

const linkClass = 'font-medium text-brand-dark underline underline-offset-2 outline-none ring-brand-pink focus-visible:ring-2';

export default function ConventionHelp() {
  const { t } = useTranslation('visitor');
  const { convention } = useConventionData();
  const { info, page } = useLoaderData<typeof loader>();
  // the help content page; its renderer loads only here, so the help text alone stays light
  if (page) return <LazyPageArticle page={page} />;
  return (
    <article className="mx-auto max-w-3xl space-y-6 rounded-lg bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-semibold text-brand-dark">{t('infopoint.helpHeading', { title: convention.title })}</h1>
      <HelpText info={info} />
      <section aria-labelledby="help-contact">
        <h2 id="help-contact" className="mb-2 text-lg font-semibold text-brand-dark">
          {t('infopoint.contact')}
        </h2>
        <SupportContact info={info} />
      </section>
      <Link to={`/convention/${convention.slug}/infopoint`} className={`inline-block text-sm ${linkClass}`}>
        {t('infopoint.toInfopoint')}
      </Link>
    </article>
  );
}
