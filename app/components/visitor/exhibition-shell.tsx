import { Form, Link, useLocation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '~/lib/language';
import type { ExhibitionVisit } from '~/server/services/events/exhibition-visit';
import { LanguageSwitch } from '../layout/language-switch';
import { NavItem, navLinkClass } from './nav';
import { SkipLink } from '~/components/visitor/thumbnail-card';
import { IMAGE_SIZES, imageSrcSet, TOP_BAR_LOGO_WIDTH } from '~/lib/images';
import { safeHref } from '~/lib/safe-href';

const topButton =
  'inline-flex items-center rounded-md px-2 py-2 text-sm font-medium text-brand-dark outline-none ring-brand-pink hover:bg-gray-100 focus-visible:ring-2 sm:px-3';

/**
 * The in-house fair's layout for visitors (spec 000 point 2, /exhibition/{slug}): a light top bar with the
 * organiser's logo, the fair's name, the language switch and login or logout, the fair's own navigation (stand,
 * stage, video meeting, imprint, privacy) and the page. Plain links and forms only: visitor pages ship little
 * JavaScript and work without it.
 */
export function ExhibitionShell({
  exhibition,
  viewer,
  language,
  children,
}: {
  exhibition: ExhibitionVisit;
  viewer: { loggedIn: true } | null;
  language: Language;
  children: ReactNode;
}) {
  const { t } = useTranslation('visitor');
  const location = useLocation();
  const base = `/exhibition/${exhibition.slug}`;
  const here = `${location.pathname}${location.search}`;
  const meeting = safeHref(exhibition.meeting);
  return (
    <div className="min-h-screen bg-[#f7f7f7] text-gray-900">
      <SkipLink />
      <header className="border-b bg-white">
        <div className="mx-auto flex max-w-7xl items-center gap-2 px-2 py-2 sm:gap-3 lg:px-6">
          <Link to={base} className="shrink-0 outline-none ring-brand-pink focus-visible:ring-2">
            <img
              src={exhibition.organization.logoUrl ?? '/images/logo-fallback.svg'}
              srcSet={imageSrcSet(exhibition.organization.logoUrl)}
              sizes={IMAGE_SIZES.logo(TOP_BAR_LOGO_WIDTH.exhibition)}
              alt={t('exhibition.logoAlt', { name: exhibition.name })}
              // the picture's proportions, so the bar keeps its height before it loads
              width={TOP_BAR_LOGO_WIDTH.exhibition}
              height={exhibition.organization.logoHeight ?? 48}
              style={{ width: TOP_BAR_LOGO_WIDTH.exhibition, maxWidth: '28vw' }}
              className="h-auto max-h-12 object-contain object-left"
            />
          </Link>
          <p className="min-w-0 text-sm leading-tight">
            <span className="hidden text-xs font-medium uppercase tracking-wide text-gray-600 sm:block">{t('exhibition.label')}</span>
            <span className="block truncate font-semibold text-brand-dark">{exhibition.name}</span>
          </p>
          <div className="ml-auto flex shrink-0 items-center sm:gap-1">
            <LanguageSwitch current={language} plain />
            {viewer ? (
              <Form method="post" action="/logout">
                <button type="submit" className={topButton}>
                  {t('shell.logout')}
                </button>
              </Form>
            ) : (
              <Link to={`/login?next=${encodeURIComponent(here)}`} className={`${topButton} whitespace-nowrap`}>
                {t('shell.login')}
              </Link>
            )}
          </div>
        </div>
        <nav aria-label={t('exhibition.navigation')} className="mx-auto max-w-7xl px-2 pb-2 lg:px-6">
          <ul className="flex flex-wrap gap-1">
            <NavItem to={base} end>{t('exhibition.nav.stand')}</NavItem>
            {exhibition.stage ? (
              <NavItem to={`${base}/stage/${exhibition.stage.slug}`}>{t('exhibition.nav.stage')}</NavItem>
            ) : null}
            {meeting ? (
              <li>
                <a href={meeting} target="_blank" rel="noreferrer" className={navLinkClass({ isActive: false })}>
                  {t('exhibition.nav.meeting')}
                  <span className="sr-only"> {t('exhibition.newTab')}</span>
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 inline h-3.5 w-3.5 fill-current align-[-2px]">
                    <path d="M14 3h7v7h-2V6.4l-9.3 9.3-1.4-1.4L17.6 5H14zM5 5h6v2H7v10h10v-4h2v6H5z" />
                  </svg>
                </a>
              </li>
            ) : null}
            <NavItem to={`${base}/imprint`}>{t('shell.imprint')}</NavItem>
            <NavItem to={`${base}/privacy`}>{t('shell.dataPolicy')}</NavItem>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl p-4 outline-none lg:p-8">
        {children}
      </main>
    </div>
  );
}
