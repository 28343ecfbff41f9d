import { isRouteErrorResponse } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from './not-found';
import { buttonClassName } from './ui/button-styles';

/** One error boundary for every route: 404 shows the not-found page, everything else a calm error page. */
export function GeneralErrorBoundary({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error) && typeof document === 'undefined') console.error(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-sm font-medium uppercase tracking-wide text-brand-pink">{t('errorPage.status', { status })}</p>
      <h1 className="text-3xl font-semibold">{status === 403 ? t('errorPage.forbiddenTitle') : t('errorPage.title')}</h1>
      <p>{t('errorPage.text')}</p>
      {/* a plain link: after an error the client router may be in a broken state */}
      <a href="/" className={buttonClassName('darkBlue')}>
        {t('actions.toHome')}
      </a>
    </main>
  );
}
