import { Link, useRouteLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CONVENTION_ROUTE } from './visitor/convention-route';
import { buttonClassName } from './ui/button-styles';

/** The convention a missing page was looked for in: the 404 leads back to its foyer. */
export interface NotFoundConvention {
  slug: string;
  title: string;
}

/** What the catch-all route's 404 carries to its page. */
export interface NotFoundData {
  convention: NotFoundConvention | null;
  /** the request came from a logged-in user: the way on is the start page, not the login */
  loggedIn: boolean;
}

/**
 * The page every unknown path shows (spec: headed "Seite nicht gefunden", with a login link; a logged-in user gets
 * the start page instead, as the console's 404 does). Inside a convention
 * (a missing hall, stand or recording, or any unknown address below `/convention/{slug}`) it offers the way back to
 * the convention's foyer instead: its visitors have nothing to do in the console's login. Rendered inside the
 * convention layout it is part of that page, else a page of its own.
 */
export function NotFoundPage({ convention, loggedIn = false }: { convention?: NotFoundConvention | null; loggedIn?: boolean }) {
  const { t } = useTranslation();
  const layout = useRouteLoaderData(CONVENTION_ROUTE) as { convention: NotFoundConvention } | undefined;
  const foyer = layout?.convention ?? convention ?? null;
  const content = (
    <>
      <p className="text-6xl font-bold text-brand-pink" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-lg">{foyer ? t('notFound.conventionText', { title: foyer.title }) : t('notFound.text')}</p>
      <div className="flex flex-wrap justify-center gap-4">
        {foyer ? (
          <Link to={`/convention/${foyer.slug}`} className={buttonClassName('darkBlue')}>
            {t('notFound.toFoyer')}
          </Link>
        ) : (
          <>
            {loggedIn ? null : (
              <Link to="/login" className={buttonClassName('darkBlue')}>
                {t('notFound.login')}
              </Link>
            )}
            <Link to="/" className={buttonClassName(loggedIn ? 'darkBlue' : 'outline')}>
              {t('actions.toHome')}
            </Link>
          </>
        )}
      </div>
    </>
  );
  if (layout) return <div className="mx-auto flex max-w-xl flex-col items-center gap-6 py-12 text-center">{content}</div>;
  return <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-6 p-8 text-center">{content}</main>;
}
