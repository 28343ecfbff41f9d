import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LeadInfoShell } from '~/components/leads/lead-info-shell';
import { NotFoundPage } from '~/components/not-found';
import { BRAND_CLASSES } from '~/lib/brand-theme';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { informationPage } from '~/server/services/leads/info';
import { recordTrack } from '~/server/services/leads/tracks';
import { bookingPathOf } from '~/server/services/hub';
import { HUB_PATH } from '~/lib/appointments/paths';

export const handle = { i18n: ['common', 'errors', 'leads', 'leadsconsole', 'visitor', 'appointments'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.organization.name ?? '' }, { name: 'robots', content: 'noindex, nofollow' }];
export const headers = () => ({ 'X-Robots-Tag': 'noindex, nofollow' });

/** Public: the unguessable lead slug is the key (spec 000 point 2). */
export const guards = defineGuards({ public: true });

/**
 * /information-collection/{leadslug}: the lead's own page (issue 18), readable without JavaScript: its contact
 * person with photo and how to reach them, and the content pages chosen for it; the lead form's logo, imprint and
 * privacy toggle, the organisation's name as title. Opening it records a LEADINFORMATION_LINK track (with the lead's
 * consent to tracking).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { leadslug } = paramsOf(params, 'leadslug');
  const slug = leadslug;
  const info = await orNotFound(informationPage(context.service, slug, context.language));
  const path = new URL(request.url).pathname;
  await recordTrack(context.service, { leadSlug: slug, linkType: 'LEADINFORMATION_LINK', link: path, content: info.organization.name });
  const booking = await bookingPathOf(context.service, info.lead.organizationId);
  return { ...info, base: path.replace(/\/$/, ''), bookingLink: booking ? `${booking}?lead=${encodeURIComponent(slug)}` : null };
}

export default function LeadInformationRoute() {
  const info = useLoaderData<typeof loader>();
  const { t } = useTranslation('leads');
  return (
    <LeadInfoShell info={info}>
      <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8">
        <header>
          <h1 className="text-2xl font-semibold">{t('info.title', { organisation: info.organization.name })}</h1>
          <p className="mt-2 text-lg">{info.lead.name ? t('info.greeting', { name: info.lead.name }) : t('info.greetingAnonymous')}</p>
          <p>{t('info.intro')}</p>
          <p className="mt-3 flex flex-wrap gap-4">
            {info.bookingLink ? (
              <a href={info.bookingLink} className={`font-medium underline ${BRAND_CLASSES.link}`}>
                {t('info.appointment')}
              </a>
            ) : null}
            <a href={HUB_PATH} className={`underline ${BRAND_CLASSES.link}`}>
              {t('appointments:hub.open')}
            </a>
          </p>
        </header>
        {info.contact ? (
          <section aria-labelledby="contact-heading" className="flex items-center gap-4 rounded-lg border p-4" data-testid="lead-contact">
            {info.contact.photo ? (
              <img src={info.contact.photo} alt={t('info.contactPhoto', { name: info.contact.name })} className="h-20 w-20 rounded-full object-cover" />
            ) : null}
            <div>
              <h2 id="contact-heading" className="text-sm font-medium uppercase text-gray-600">
                {t('info.contactHeading')}
              </h2>
              <p className="text-lg font-semibold">{info.contact.name}</p>
              <p>{info.contact.company}</p>
              <p>
                {t('info.email')}:{' '}
                <a className={`underline ${BRAND_CLASSES.link}`} href={`mailto:${info.contact.email}`}>
                  {info.contact.email}
                </a>
              </p>
              {info.contact.phone ? (
                <p>
                  {t('info.phone')}:{' '}
                  <a className={`underline ${BRAND_CLASSES.link}`} href={`tel:${info.contact.phone.replace(/[^\d+]/g, '')}`}>
                    {info.contact.phone}
                  </a>
                </p>
              ) : null}
            </div>
          </section>
        ) : null}
        <section aria-labelledby="pages-heading">
          <h2 id="pages-heading" className="mb-3 text-xl font-semibold">
            {t('info.pagesHeading')}
          </h2>
          {info.contentPages.length ? (
            <ul className="grid gap-3 sm:grid-cols-2" data-testid="lead-pages">
              {info.contentPages.map((page) => (
                <li key={page.id}>
                  <a
                    href={`${info.base}/site/${encodeURIComponent(page.slug)}`}
                    className={`block rounded-lg border border-l-4 ${BRAND_CLASSES.accentBorder} p-4 font-medium hover:bg-gray-50 focus-visible:outline focus-visible:outline-2 ${BRAND_CLASSES.link}`}
                  >
                    {page.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('info.noPages')}</p>
          )}
        </section>
      </div>
    </LeadInfoShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} statusHandlers={{ 404: () => <NotFoundPage /> }} />;
}
