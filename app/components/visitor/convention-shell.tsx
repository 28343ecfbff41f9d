import { Form, Link, NavLink, useLocation, useNavigate } from '@remix-run/react';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '~/lib/language';
import { DEFAULT_WELCOME_VIDEO } from '~/lib/video';
import { useRootData } from '~/components/root-data';
import { useCookieChoiceMade } from '../cookie-banner';
import { ToastMessage } from '../toast-message';
import { useHydrated } from '../ui/use-hydrated';
import { LanguageSwitch } from '../layout/language-switch';
import { BusinessCardForm, type BusinessCardData } from './business-card';
import { HUB_PATH } from '~/lib/appointments/paths';
import { inputClass, submitClass } from './styles';
import { VideoPlayer } from './video-player';
import { VisitorDialog } from './visitor-dialog';
import { NavItem, navLinkClass } from './nav';
import { SkipLink } from '~/components/visitor/thumbnail-card';
import { IMAGE_SIZES, imageSrcSet, TOP_BAR_LOGO_WIDTH } from '~/lib/images';

// the avatar upload with its square cropper (the contact page's, spec 001 point 5) is loaded with the card's dialog
// only: it brings the UI kit, which visitor pages do not load up front (scripts/js-budget.mjs)
const AvatarField = lazy(() => import('~/components/avatar/avatar-field').then((module) => ({ default: module.AvatarField })));

/** The local storage key that remembers the dismissed welcome video (spec 001 point 9). */
export const WELCOME_VIDEO_KEY = 'welcomeVideo';

export interface ShellConvention {
  slug: string;
  title: string;
  video: string;
  /** the welcome video's picture, kept in our storage (null: the placeholder) */
  videoThumbnailUrl: string | null;
  logoUrl: string | null;
  /** the logo's height at its top-bar width by its proportions (null: unknown) */
  logoHeight?: number | null;
  /** the convention has a shop: the top bar shows the cart button (issue 31) */
  shop?: boolean;
  navigation: {
    halls: { slug: string; title: string }[];
    stages: { slug: string; title: string }[];
    onDemand: { id: string; title: string }[];
    /** the help page's slug (/convention/{c}/help/{slug}); null or absent: no help link */
    helpSlug?: string | null;
  } | null;
}

/** The business card as its dialog shows it (the viewer's own data: sent only with the dialog, issue 26). */
export type VisitorCard = BusinessCardData & { name: string; email: string; avatarUrl: string | null };

export interface ShellViewer {
  /** null until the dialog is asked for (`?dialog=card`): pages without it are the same for every visitor */
  card: VisitorCard | null;
  cardComplete: boolean;
}

export type ShellDialog = 'welcome' | 'card' | 'login' | null;

/** A titled group of entries in the convention layout's side bar (stages, halls, more). */
function NavSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-4">
      <h2 id={id} className="px-3 text-xs font-semibold uppercase tracking-wide text-gray-600">
        {heading}
      </h2>
      <ul className="mt-1 space-y-1">{children}</ul>
    </section>
  );
}

/** The side bar's links to a convention's stages or halls; nothing when it has none. */
function PartsSection({ id, heading, path, parts }: { id: string; heading: string; path: string; parts: { slug: string; title: string }[] }) {
  if (!parts.length) return null;
  return (
    <NavSection id={id} heading={heading}>
      {parts.map((part) => (
        <NavItem key={part.slug} to={`${path}/${part.slug}`}>
          {part.title}
        </NavItem>
      ))}
    </NavSection>
  );
}

/** A top-bar button's label: written out from small screens up, for screen readers only on phones (icon only). */
function TopBarLabel({ text }: { text: string }) {
  return (
    <>
      <span className="hidden sm:inline">{text}</span>
      <span className="sr-only sm:hidden">{text}</span>
    </>
  );
}

function withDialog(pathname: string, search: string, dialog: ShellDialog): string {
  const params = new URLSearchParams(search);
  if (dialog) params.set('dialog', dialog);
  else params.delete('dialog');
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}

/**
 * The convention layout for visitors (spec 000 "Convention layout"): top bar with logo (width 200, fallback
 * logo), welcome video, language switch, business card and logout; left navigation with stages and halls (a
 * drawer below 1024 px that works without JavaScript through the #navigation target); the welcome video modal
 * until dismissed once; the login modal for logged-out visitors and the business-card modal, which cannot be
 * closed while a required card is incomplete. Plain HTML elements only: visitor pages ship little JavaScript.
 */
export function ConventionShell({
  convention,
  viewer,
  cardRequired,
  initialDialog,
  language,
  countries,
  cardResult,
  cartCount = 0,
  children,
}: {
  convention: ShellConvention;
  viewer: ShellViewer | null;
  cardRequired: boolean;
  initialDialog: ShellDialog;
  language: Language;
  countries: { code: string; name: string }[];
  cardResult?: unknown;
  /** the items in the viewer's cart (shown on the cart button of a convention with a shop) */
  cartCount?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation('visitor');
  const location = useLocation();
  const base = `/convention/${convention.slug}`;
  const mustFillCard = Boolean(viewer && cardRequired && !viewer.cardComplete);
  const [dialog, setDialog] = useState<ShellDialog>(mustFillCard ? 'card' : initialDialog);
  const [menuOpen, setMenuOpen] = useState(false);
  const here = withDialog(location.pathname, location.search, null);
  const cookieChoiceMade = useCookieChoiceMade();
  const toast = useRootData()?.toast ?? null;
  const hydrated = useHydrated();

  // every page (also the one a saved business card returns to) starts with the dialog its address and data ask
  // for: a saved card closes its dialog, a card still incomplete keeps it open
  useEffect(() => {
    setDialog(mustFillCard ? 'card' : initialDialog);
  }, [location.key, mustFillCard]); // eslint-disable-line react-hooks/exhaustive-deps -- a new page or card state decides, not every render
  // the welcome video shows until the visitor dismissed it once, and only after the cookie question was answered
  // (one overlay at a time, and no video site is contacted before that choice)
  useEffect(() => {
    if (mustFillCard || !cookieChoiceMade) return;
    try {
      if (window.localStorage.getItem(WELCOME_VIDEO_KEY) === null) setDialog((current) => current ?? 'welcome');
    } catch {
      // storage unavailable (private mode): no automatic video
    }
  }, [mustFillCard, cookieChoiceMade]);
  // a client-side navigation closes the drawer
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const close = () => {
    if (dialog === 'welcome') {
      try {
        window.localStorage.setItem(WELCOME_VIDEO_KEY, 'dismissed');
      } catch {
        // storage unavailable: it will show again next time
      }
    }
    setDialog(null);
  };
  const navigate = useNavigate();
  const opener = (which: Exclude<ShellDialog, null>) => {
    const href = withDialog(location.pathname, location.search, which);
    return {
      href,
      onClick: (event: React.MouseEvent) => {
        event.preventDefault();
        // the card's data comes with the page that asks for it; the other dialogs open at once
        if (which === 'card' && !viewer?.card) navigate(href, { preventScrollReset: true });
        else setDialog(which);
      },
    };
  };
  const nav = convention.navigation;
  const topButton =
    'inline-flex items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-brand-dark outline-none ring-brand-pink hover:bg-gray-100 focus-visible:ring-2 sm:px-3';

  return (
    <div className="min-h-screen bg-[#f7f7f7] text-gray-900">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b bg-white">
        <div className="flex items-center gap-1 px-2 py-2 sm:gap-2 lg:px-6">
          <a
            href="#navigation"
            className={`${topButton} lg:hidden`}
            aria-controls="navigation"
            aria-expanded={menuOpen}
            onClick={(event) => {
              event.preventDefault();
              setMenuOpen((open) => !open);
            }}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
              <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
            </svg>
            <span className="sr-only">{t('shell.menu')}</span>
          </a>
          {/* on small phones the logo gives way, so the buttons beside it always fit */}
          <Link to={base} className="flex min-w-0 shrink outline-none ring-brand-pink focus-visible:ring-2">
            <img
              src={convention.logoUrl ?? '/images/logo-fallback.svg'}
              srcSet={imageSrcSet(convention.logoUrl)}
              sizes={IMAGE_SIZES.logo(TOP_BAR_LOGO_WIDTH.convention)}
              alt={t('shell.logoAlt', { title: convention.title })}
              // the picture's proportions (the fallback's are 200 by 48), so the bar keeps its height before it loads
              width={TOP_BAR_LOGO_WIDTH.convention}
              height={convention.logoHeight ?? 48}
              style={{ width: TOP_BAR_LOGO_WIDTH.convention }}
              className="h-auto max-h-12 min-w-0 max-w-full object-contain object-left"
            />
          </Link>
          <p className="hidden min-w-0 truncate text-sm font-semibold text-brand-dark md:block">{convention.title}</p>
          <div className="ml-auto flex shrink-0 items-center sm:gap-1">
            <a {...opener('welcome')} className={topButton}>
              <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
                <path d="M8 5v14l11-7z" />
              </svg>
              <TopBarLabel text={t('shell.welcomeVideo')} />
            </a>
            {convention.shop ? (
              <Link to={`${base}/cart/okle`} className={`${topButton} whitespace-nowrap`} data-testid="cart-button">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
                  <path d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4H2V2h4.6l.9 2H21l-3.4 8.3a2 2 0 0 1-1.9 1.2H8.1l-.9 1.5h11.8v2H5.6l2.1-3.6L5.2 4z" />
                </svg>
                {/* on phones the icon with the count, so the top bar still fits 320 px */}
                <TopBarLabel text={t('shell.cart', { count: cartCount })} />
                <span aria-hidden="true" className="text-xs font-semibold sm:hidden">
                  {cartCount}
                </span>
              </Link>
            ) : null}
            <LanguageSwitch current={language} plain />
            {viewer ? (
              <>
                <a {...opener('card')} className={topButton}>
                  <TopBarLabel text={t('shell.businessCard')} />
                  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current sm:hidden">
                    <path d="M3 5h18v14H3zm2 2v10h14V7zm2 2h5v2H7zm0 4h8v2H7z" />
                  </svg>
                </a>
                <Form method="post" action="/logout">
                  <button type="submit" className={topButton}>
                    <TopBarLabel text={t('shell.logout')} />
                    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current sm:hidden">
                      <path d="M10 3h9a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-9v-2h9V5h-9zm-.6 4.6L10.8 9l-2 2H16v2H8.8l2 2-1.4 1.4L5 12z" />
                    </svg>
                  </button>
                </Form>
              </>
            ) : (
              <a {...opener('login')} className={`${topButton} whitespace-nowrap`}>
                {t('shell.login')}
              </a>
            )}
          </div>
        </div>
      </header>
      <div className="lg:flex">
        <nav
          id="navigation"
          aria-label={t('shell.navigation')}
          className={`${menuOpen ? 'block' : 'hidden'} border-b bg-white p-3 target:block lg:block lg:min-h-[calc(100vh-65px)] lg:w-64 lg:shrink-0 lg:border-b-0 lg:border-r`}
        >
          <NavLink to={base} end className={navLinkClass}>
            {t('shell.foyer')}
          </NavLink>
          <PartsSection id="nav-stages" heading={t('shell.stages')} path={`${base}/stage`} parts={nav?.stages ?? []} />
          <PartsSection id="nav-halls" heading={t('shell.halls')} path={`${base}/hall`} parts={nav?.halls ?? []} />
          {nav ? (
            <NavSection id="nav-more" heading={t('shell.more')}>
              {nav.onDemand.length ? <NavItem to={`${base}/ondemand`}>{t('shell.onDemand')}</NavItem> : null}
              <NavItem to={`${base}/infopoint`}>{t('shell.infopoint')}</NavItem>
              {nav.helpSlug ? <NavItem to={`${base}/help/${nav.helpSlug}`}>{t('infopoint.help')}</NavItem> : null}
            </NavSection>
          ) : null}
          <ul className="mt-6 flex gap-4 px-3 text-xs text-gray-600">
            <li>
              <Link to={`${base}/imprint`} className="underline-offset-2 hover:underline">
                {t('shell.imprint')}
              </Link>
            </li>
            <li>
              <Link to={`${base}/datapolicy`} className="underline-offset-2 hover:underline">
                {t('shell.dataPolicy')}
              </Link>
            </li>
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none lg:p-8">
          {children}
        </main>
      </div>

      <VisitorDialog id="welcome-video" title={t('shell.welcomeVideo')} open={dialog === 'welcome'} onClose={close} closeHref={here} wide>
        {dialog === 'welcome' ? (
          <VideoPlayer
            url={convention.video || DEFAULT_WELCOME_VIDEO}
            title={t('shell.welcomeVideoOf', { title: convention.title })}
            thumbnailUrl={convention.video ? convention.videoThumbnailUrl : null}
          />
        ) : null}
      </VisitorDialog>
      {viewer ? (
        <VisitorDialog
          id="business-card"
          title={t('card.title')}
          open={dialog === 'card'}
          onClose={mustFillCard ? undefined : close}
          closeHref={here}
        >
          {/* the message of the step before (an access key accepted) would be hidden behind this dialog: it shows here */}
          {toast && hydrated && dialog === 'card' ? (
            <p role="status" className="mb-3 rounded-md border-l-4 border-[#77bf70] bg-green-50 p-2 text-sm text-gray-900">
              <ToastMessage toast={toast} />
            </p>
          ) : null}
          {mustFillCard ? <p className="mb-4 text-sm text-gray-700">{t('card.required')}</p> : null}
          {viewer.card ? (
            <div className="mb-4 border-b pb-4">
              <Suspense fallback={null}>
                <AvatarField url={viewer.card.avatarUrl} name={viewer.card.name} action={base} redirectTo={withDialog(location.pathname, location.search, 'card')} />
              </Suspense>
            </div>
          ) : null}
          {viewer.card ? (
            <BusinessCardForm action={base} redirectTo={here} viewer={{ name: viewer.card.name, email: viewer.card.email, card: viewer.card }} countries={countries} lastResult={cardResult} />
          ) : null}
          <p className="mt-4 border-t pt-3 text-sm">
            <a href={HUB_PATH} className="font-medium underline">
              {t('card.hub')}
            </a>
          </p>
        </VisitorDialog>
      ) : (
        <VisitorDialog id="login" title={t('login.title')} open={dialog === 'login'} onClose={close} closeHref={here}>
          <LoginForm next={here} />
        </VisitorDialog>
      )}
    </div>
  );
}


/** A labelled, required input of the dialog's login form. */
function LoginInput({ name, type, autoComplete, label }: { name: string; type: string; autoComplete: string; label: string }) {
  return (
    <div>
      <label htmlFor={`login-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <input id={`login-${name}`} name={name} type={type} autoComplete={autoComplete} required className={inputClass} />
    </div>
  );
}

/** Logs in through the login page's action; a mistake shows there with its message, then comes back here. */
function LoginForm({ next }: { next: string }) {
  const { t } = useTranslation('visitor');
  return (
    <form method="post" action={`/login?next=${encodeURIComponent(next)}`} className="space-y-4">
      <input type="hidden" name="redirectTo" value={next} />
      <p className="text-sm text-gray-700">{t('login.intro')}</p>
      <LoginInput name="email" type="email" autoComplete="email" label={t('login.email')} />
      <LoginInput name="password" type="password" autoComplete="current-password" label={t('login.password')} />
      <button type="submit" className={submitClass}>
        {t('login.submit')}
      </button>
      <p className="text-sm">
        {t('login.noAccount')}{' '}
        <a href={`/register?next=${encodeURIComponent(next)}`} className="font-medium text-brand-dark underline underline-offset-2">
          {t('login.register')}
        </a>
      </p>
    </form>
  );
}

