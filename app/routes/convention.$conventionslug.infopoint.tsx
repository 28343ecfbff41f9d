import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { orNotFound } from '~/server/route-kit.server';
import { useConventionData } from '~/components/visitor/convention-data';
import { conventionPageTitle, HelpText, SupportContact } from '~/components/visitor/convention-info';
import { EventTime } from '~/components/visitor/event-time';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { conventionInfo } from '~/server/services/events/convention-info';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: conventionPageTitle(matches, data?.title) }];

/** The convention's access type applies (spec 001 point 6). */
export const guards = defineGuards({ public: true, permission: { kind: 'convention', param: 'conventionslug' } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const info = await orNotFound(conventionInfo(context.service, params.conventionslug ?? ''));
  return { info, title: context.service.t('visitor:infopoint.title') };
}

const cardClass = 'rounded-lg bg-white p-4 shadow-sm lg:p-6';
const headingClass = 'mb-3 text-lg font-semibold text-brand-dark';
const linkClass = 'font-medium text-brand-dark underline underline-offset-2 outline-none ring-brand-pink focus-visible:ring-2';

/**
 * /convention/{slug}/infopoint: the organiser's information for visitors: what the convention is and when, the
 * help text, how to reach the organiser (support page, chat) and its imprint and data policy.
 */
export default function ConventionInfoPoint() {
  const { t } = useTranslation('visitor');
  const { convention, language } = useConventionData();
  const { info } = useLoaderData<typeof loader>();
  const base = `/convention/${convention.slug}`;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-brand-dark lg:text-3xl">{t('infopoint.title')}</h1>
        <p className="mt-1 text-gray-700">{t('infopoint.intro', { title: convention.title, name: info.organizationName })}</p>
      </header>

      <section aria-labelledby="infopoint-about" className={cardClass}>
        <h2 id="infopoint-about" className={headingClass}>
          {t('infopoint.about', { title: convention.title })}
        </h2>
        <dl className="space-y-3">
          <div>
            <dt className="text-sm font-semibold text-gray-700">{t('infopoint.dates')}</dt>
            <dd className="text-gray-900">
              {convention.startDate && convention.endDate ? (
                <>
                  <EventTime value={convention.startDate} language={language} /> – <EventTime value={convention.endDate} language={language} />
                </>
              ) : (
                t('infopoint.noDates')
              )}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-gray-700">{t('infopoint.description')}</dt>
            <dd className="whitespace-pre-line text-gray-900">{convention.description || <span className="italic text-gray-700">{t('infopoint.noDescription')}</span>}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-gray-700">{t('infopoint.organizer')}</dt>
            <dd className="text-gray-900">{info.organizationName}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="infopoint-help" className={cardClass}>
        <h2 id="infopoint-help" className={headingClass}>
          {t('infopoint.help')}
        </h2>
        <HelpText info={info} />
        {info.helpSlug ? (
          <p className="mt-3">
            <Link to={`${base}/help/${info.helpSlug}`} className={linkClass}>
              {t('infopoint.openHelp')}
            </Link>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="infopoint-contact" className={cardClass}>
        <h2 id="infopoint-contact" className={headingClass}>
          {t('infopoint.contact')}
        </h2>
        <SupportContact info={info} />
      </section>

      <section aria-labelledby="infopoint-legal" className={cardClass}>
        <h2 id="infopoint-legal" className={headingClass}>
          {t('infopoint.legal')}
        </h2>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          <li>
            <Link to={`${base}/imprint`} className={linkClass}>
              {t('shell.imprint')}
            </Link>
          </li>
          <li>
            <Link to={`${base}/datapolicy`} className={linkClass}>
              {t('shell.dataPolicy')}
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
