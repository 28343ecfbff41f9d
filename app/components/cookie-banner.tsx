import { useFetcher, useFetchers, useLocation, useRouteLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from './ui/button-styles';
import { Link } from './ui/link';
import { useHydrated } from './ui/use-hydrated';

export const COOKIE_CONSENT_ACTION = '/resources/cookie-consent';

/**
 * Whether the visitor has answered the cookie question (stored, or being stored right now): overlays that open by
 * themselves (the convention's welcome video) wait for it, so they never open on top of the banner.
 */
export function useCookieChoiceMade(): boolean {
  const data = useRouteLoaderData('root') as { consent?: boolean | null } | undefined;
  const answering = useFetchers().some((fetcher) => fetcher.formAction === COOKIE_CONSENT_ACTION);
  return (data?.consent ?? null) !== null || answering;
}

/** The banner stays off the public content pages (spec 000 "Console layout"). */
export function isCookieBannerHiddenOn(pathname: string): boolean {
  return pathname === '/content' || pathname.startsWith('/content/');
}

/**
 * Asks once for the cookie choice. It fades in 500 ms after load (a CSS animation delay, so no timer and no
 * layout shift for the page), posts a plain form (works without JavaScript) and with JavaScript hides at
 * once while the choice is stored.
 */
export function CookieBanner({ consent }: { consent: boolean | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  if (consent !== null || fetcher.formData || isCookieBannerHiddenOn(location.pathname)) return null;
  const redirectTo = `${location.pathname}${location.search}`;
  return (
    <>
      {/* room at the end of the page, so the banner never hides the page's last buttons */}
      <div aria-hidden="true" className="h-56 md:h-36" />
      {/* while a dialog is open (a business card that must be filled in first) the banner waits behind it, hidden */}
      <section
        aria-labelledby="cookie-banner-title"
        className="fixed inset-x-0 bottom-0 z-40 animate-cookie-banner [body:has(dialog[open])_&]:hidden border-t border-gray-200 bg-white p-4 shadow-2xl sm:inset-x-4 sm:bottom-4 sm:rounded-xl sm:border"
      >
        <div className="mx-auto flex max-w-5xl flex-col gap-4 md:flex-row md:items-center">
          <div className="flex-1">
            <h2 id="cookie-banner-title" className="text-base font-semibold">
              {t('cookie.title')}
            </h2>
            <p className="mt-1 text-sm">
              {t('cookie.text')}{' '}
              <Link to="/privacypolicy">{t('footer.privacy')}</Link>
            </p>
          </div>
          <fetcher.Form method="post" action={COOKIE_CONSENT_ACTION} className="flex flex-wrap gap-2">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            {hydrated ? <input type="hidden" name="client" value="fetcher" /> : null}
            <button type="submit" name="consent" value="false" className={buttonClassName('outline')}>
              {t('cookie.decline')}
            </button>
            <button type="submit" name="consent" value="true" className={buttonClassName('standardNoMt')}>
              {t('cookie.accept')}
            </button>
          </fetcher.Form>
        </div>
      </section>
    </>
  );
}
