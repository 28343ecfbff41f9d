import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { BrandedHeader, BrandThemed } from '~/components/personalization/branded-page';
import { exhibitionTitle } from '~/components/visitor/exhibition-data';
import { visitorHandle } from '~/components/visitor/route-handles';
import { BRAND_CLASSES } from '~/lib/brand-theme';
import { safeHref } from '~/lib/safe-href';
import type { LegalKind, legalLoader } from '~/server/pages/legal.server';
import type { LegalInfo } from '~/server/services/events/visit';

type LegalLoader = ReturnType<typeof legalLoader>;

/** The handle of a convention's or content page's imprint or data-policy route: its namespaces and title. */
export function legalHandle(kind: LegalKind) {
  return { i18n: visitorHandle.i18n, title: kind === 'imprint' ? 'visitor:shell.imprint' : 'visitor:shell.dataPolicy' };
}

/** The title of an in-house fair's imprint or privacy page: the page's, then the fair's. */
export const exhibitionLegalMeta: MetaFunction<LegalLoader> = ({ data, matches }) => [{ title: exhibitionTitle(matches, data?.title) }];

/**
 * Imprint or data policy of what the visitor looks at (convention, hall or stand): the responsible organisation's
 * text, its data policy link, or a clear note when it has not provided one.
 */
export function LegalPage({ kind, info, backHref }: { kind: LegalKind; info: LegalInfo; backHref: string }) {
  const { t } = useTranslation('visitor');
  const text = kind === 'imprint' ? info.imprint : info.dataPrivacy;
  const link = kind === 'dataPolicy' ? safeHref(info.dataPrivacyUrl) : undefined;
  return (
    <article className="max-w-3xl rounded-lg bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-semibold text-brand-dark">{t(kind === 'imprint' ? 'shell.imprint' : 'shell.dataPolicy')}</h1>
      <p className="mt-1 text-sm text-gray-700">{t('legalPage.of', { name: info.organizationName })}</p>
      {text ? <div className="mt-4 whitespace-pre-line text-gray-900">{text}</div> : null}
      {link ? (
        <p className="mt-4">
          <a href={link} target="_blank" rel="noreferrer" className={`font-medium underline underline-offset-2 ${BRAND_CLASSES.link}`}>
            {t('legalPage.externalPolicy', { name: info.organizationName })}
          </a>
        </p>
      ) : null}
      {!text && !link ? <p className="mt-4 text-gray-800">{t(kind === 'imprint' ? 'legalPage.noImprint' : 'legalPage.noDataPolicy', { name: info.organizationName })}</p> : null}
      <Link to={backHref} className={`mt-6 inline-block text-sm font-medium underline underline-offset-2 ${BRAND_CLASSES.link}`}>
        {t('legalPage.back')}
      </Link>
    </article>
  );
}

/** The page of the imprint and data-policy routes inside the convention or fair layout (their loader: `legalLoader`). */
export function LegalRoutePage() {
  const { kind, info, back } = useLoaderData<LegalLoader>();
  return <LegalPage kind={kind} info={info} backHref={back} />;
}

/** The same for a content page, which has no layout around it: headed by its personalization's logo, in its colours. */
export function ContentLegalRoutePage() {
  const { look } = useLoaderData<LegalLoader>();
  return (
    <BrandThemed theme={look?.theme ?? null} className="min-h-screen bg-gray-50">
      <BrandedHeader logo={look?.logo ?? null} />
      <main className="mx-auto max-w-3xl p-4 sm:p-8">
        <LegalRoutePage />
      </main>
    </BrandThemed>
  );
}

/** A content page's legal page carries the page's favicon (spec 000 point 2); its title comes from the handle. */
export const contentLegalMeta: MetaFunction<LegalLoader> = ({ data }) => (data?.look?.favicon ? [{ tagName: 'link', rel: 'icon', href: data.look.favicon }] : []);
