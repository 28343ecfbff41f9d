import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PageView } from '~/components/content-pages/page-view';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LeadInfoShell } from '~/components/leads/lead-info-shell';
import { NotFoundPage } from '~/components/not-found';
import { BRAND_CLASSES } from '~/lib/brand-theme';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { informationSite } from '~/server/services/leads/info';
import { recordTrack } from '~/server/services/leads/tracks';

export const handle = { i18n: ['common', 'errors', 'leads', 'leadsconsole', 'visitor', 'pages'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.page.name} – ${data.info.organization.name}` : '' },
  { name: 'robots', content: 'noindex, nofollow' },
];
export const headers = () => ({ 'X-Robots-Tag': 'noindex, nofollow' });

/** Public: the lead's slug admits the pages chosen for it. */
export const guards = defineGuards({ public: true });

/**
 * /information-collection/{leadslug}/site/{slug}: a content page chosen for the lead (published), rendered by the
 * content pages' PageView inside the lead pages' frame. Opening it records a CONTENT_LINK track (with consent).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { leadslug } = paramsOf(params, 'leadslug');
  const leadSlug = leadslug;
  const { slug } = paramsOf(params, 'slug');
  const site = await orNotFound(informationSite(context.service, leadSlug, slug, context.language));
  const path = new URL(request.url).pathname;
  await recordTrack(context.service, { leadSlug, linkType: 'CONTENT_LINK', link: path, content: site.page.name });
  return { info: site.info, page: site.page, back: `/information-collection/${encodeURIComponent(leadSlug)}` };
}

export default function LeadInformationSiteRoute() {
  const { info, page, back } = useLoaderData<typeof loader>();
  const { t } = useTranslation('leads');
  return (
    <LeadInfoShell info={info}>
      <div className="mx-auto max-w-6xl px-4 py-4" lang={page.pageLanguage.toLowerCase()}>
        <a href={back} className={`underline underline-offset-2 ${BRAND_CLASSES.link}`}>
          {t('info.back')}
        </a>
        <h1 className="sr-only">{page.name}</h1>
        <PageView layout={page.layout} files={page.files} />
      </div>
    </LeadInfoShell>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} statusHandlers={{ 404: () => <NotFoundPage /> }} />;
}
