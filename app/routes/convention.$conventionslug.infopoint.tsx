import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { useConventionData } from '~/components/visitor/convention-data';
import { conventionPageTitle, HelpText, SupportContact } from '~/components/visitor/convention-info';
import { EventTime } from '~/components/visitor/event-time';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { conventionInfo } from '~/server/services/events/convention-info';

export { visitorHandle as handle, visitorClientLoader as clientLoader } from '~/components/visitor/route-handles';
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: conventionPageTitle(matches, data?.title) }];

/** The convention's access type applies (spec 001 point 6). */
export const guards = defineGuards({ public: true, permission: { kind: 'convention', param: 'conventionslug' } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { conventionslug } = paramsOf(params, 'conventionslug');
  const info = await orNotFound(conventionInfo(context.service, conventionslug));
  return { info, title: context.service.t('visitor:infopoint.title') };
}

/** One card of the info point: a white section under its heading. */
function InfoSection({ id, heading, children }: { id: string; heading: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-4 shadow-sm lg:p-6">
      <h2 id={id} className="mb-3 text-lg font-semibold text-brand-dark">
        {heading}
      </h2>
      {children}
    </section>
  );
}

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

      <InfoSection id="infopoint-about" heading={t('infopoint.about', { title: convention.title })}>
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
      </InfoSection>

      <InfoSection id="infopoint-help" heading={t('infopoint.help')}>
        <HelpText info={info} />
        {info.helpSlug ? (
          <p className="mt-3">
            <Link to={`${base}/help/${info.helpSlug}`} className={linkClass}>
              {t('infopoint.openHelp')}
            </Link>
          </p>
        ) : null}
      </InfoSection>

      <InfoSection id="infopoint-contact" heading={t('infopoint.contact')}>
        <SupportContact info={info} />
      </InfoSection>

      <InfoSection id="infopoint-legal" heading={t('infopoint.legal')}>
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
      </InfoSection>
    </div>
  );
}
