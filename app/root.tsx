import type { LinksFunction, LoaderFunctionArgs } from '@remix-run/node';
import type { ShouldRevalidateFunction } from '@remix-run/react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
} from '@remix-run/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from 'remix-i18next/react';
import { CookieBanner } from './components/cookie-banner';
import { DeferredScripts } from './components/deferred-scripts';
import { GeneralErrorBoundary } from './components/error-boundary';
import { useRootData, type RootData } from './components/root-data';
import { useHydrated } from './components/ui/use-hydrated';
import { LOCALES_VERSION } from './i18n';
import { toLocale } from './lib/language';
import { isSharedVisitorPath } from './lib/visitor-paths';
import { useNonce } from './lib/nonce';
import { readConsent } from './server/consent.server';
import { readToast } from './server/toast.server';
import stylesheet from './tailwind.css?url';
import { ChatSlot } from './components/chats/slot';
import { VisitRecorder } from './components/analytics/visit-recorder';

export const handle = { i18n: ['common', 'errors', 'validation'] };

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: stylesheet }];

/** Moving between a shared visitor page (no personal data in the root's answer) and any other page loads the root again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || isSharedVisitorPath(currentUrl.pathname) !== isSharedVisitorPath(nextUrl.pathname);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, clear } = await readToast(request);
  const viewer = context.viewer;
  const data = {
    locale: toLocale(context.language),
    language: context.language,
    consent: readConsent(request.headers.get('cookie')),
    toast,
    // visitor pages are shared by viewers of one audience (visitor-cache.server.ts): no personal data in them
    user: viewer && !isSharedVisitorPath(new URL(request.url).pathname)
      ? {
          id: viewer.userId,
          email: viewer.email,
          firstName: viewer.firstName,
          lastName: viewer.lastName,
          isStaff: viewer.isStaff,
          sales: viewer.sales,
          features: viewer.features,
          organization: viewer.organization,
          organizations: viewer.organizations,
        }
      : null,
  };
  return Response.json(data, { headers: clear ? { 'Set-Cookie': clear } : {} });
}

/**
 * The title of a page whose route names it by translation key (`handle.title`); the deepest route wins.
 * Routes whose title depends on their data use `meta` instead and set no `handle.title`; an error page without
 * one is named by its error (axe `document-title`).
 */
function PageTitle() {
  const { t } = useTranslation();
  // set when the root error boundary shows the page: the failed route's meta is not rendered, so its title is missing
  const error = useRouteError();
  const key =
    [...useMatches()].reverse().map((match) => (match.handle as { title?: string } | undefined)?.title).find(Boolean) ??
    (error === undefined ? undefined : isRouteErrorResponse(error) && error.status === 404 ? 'notFound.title' : 'errorPage.title');
  return key ? <title>{t(key)}</title> : null;
}

/**
 * Preloads the locale files the browser entry fetches before it hydrates (the namespaces of the matched routes'
 * handles, as getInitialNamespaces reads them), so they arrive with the scripts instead of one round trip after
 * them. Same URL, mode and credentials as i18next-http-backend's fetch in entry.client.tsx, or the browser
 * would fetch twice. Client-side navigations load their namespaces in the routes' clientLoader instead.
 */
function useLocalePreloads(locale: string): string[] {
  const hydrated = useHydrated();
  const namespaces = new Set(
    useMatches().flatMap((match) => {
      const i18n = (match.handle as { i18n?: string | string[] } | undefined)?.i18n;
      return typeof i18n === 'string' ? [i18n] : Array.isArray(i18n) ? i18n : [];
    }),
  );
  // only for the first page: after hydration, routes load their namespaces themselves (clientLoader)
  if (hydrated) return [];
  return [...namespaces].map((ns) => `/locales/${locale}/${ns}.json?v=${LOCALES_VERSION}`);
}

/**
 * Visitor pages (the convention's, a stage's, a fair's, a content page and a virtual room) start their scripts after
 * the page has loaded and painted (`DeferredScripts`, issue 26): what a visitor sees first needs none of them.
 * Production builds only (Vite's development client needs its preamble before the modules).
 */
const DEFERRED_SCRIPTS_PATH = /^\/(?:content|virtual-room)\/[^/]/;
const deferredScripts = (pathname: string) => import.meta.env.PROD && (isSharedVisitorPath(pathname) || DEFERRED_SCRIPTS_PATH.test(pathname));

export function Document({ children, locale }: { children: React.ReactNode; locale: string }) {
  const nonce = useNonce();
  // marks the page as interactive (tests wait for it before typing: react-aria fields are controlled inputs)
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const { i18n } = useTranslation();
  const localePreloads = useLocalePreloads(locale);
  const deferred = deferredScripts(useLocation().pathname);
  return (
    <html lang={locale} dir={i18n.dir(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* before the routes' meta: a page's own favicon (a personalization's, spec 000 point 2) comes later and wins */}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <PageTitle />
        <Links />
        {deferred
          ? null
          : localePreloads.map((href) => <link key={href} rel="preload" as="fetch" crossOrigin="anonymous" href={href} />)}
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        {deferred ? <DeferredScripts nonce={nonce} fetches={localePreloads} /> : <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const { i18n } = useTranslation();
  const locale = data?.locale ?? i18n.language ?? 'en';
  return <Document locale={locale}>{children}</Document>;
}

// The toast region loads with the first toast, so pages without one do not download it.
const Toaster = lazy(() => import('./components/toaster').then((m) => ({ default: m.Toaster })));

/**
 * The root stays free of react-aria, so visitor pages do not download it: the console and public layouts
 * wrap their pages in AriaProviders (~/components/ui/aria-providers), and the lazily loaded Toaster brings
 * its own. scripts/js-budget.mjs (run by `npm run test:e2e` after the build) fails when this regresses.
 */
export default function App() {
  const { locale, toast, consent } = useLoaderData<typeof loader>() as unknown as RootData;
  const [toastsUsed, setToastsUsed] = useState(toast !== null);
  if (toast && !toastsUsed) setToastsUsed(true);
  useChangeLanguage(locale);
  return (
    <>
      <Outlet />
      {toastsUsed ? (
        <Suspense fallback={null}>
          <Toaster toast={toast} locale={locale} />
        </Suspense>
      ) : null}
      {toast ? <NoScriptToast toast={toast} /> : null}
      <CookieBanner consent={consent} />
      <ChatSlot />
      <VisitRecorder consent={consent} />
    </>
  );
}

/** Without JavaScript the toast region never loads: the message is rendered by the server instead. */
function NoScriptToast({ toast }: { toast: NonNullable<RootData['toast']> }) {
  const { t } = useTranslation();
  return (
    <noscript>
      <div
        role={toast.type === 'error' ? 'alert' : 'status'}
        className="fixed bottom-4 right-4 z-[60] max-w-sm rounded-lg border-l-4 border-brand-dark bg-white p-4 shadow-lg"
      >
        {t(toast.key, toast.values ?? {})}
      </div>
    </noscript>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <GeneralErrorBoundary error={error} />;
}
