import { isRouteErrorResponse, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from './not-found';
import { buttonClassName } from './ui/button-styles';
import { cx } from './ui/cx';

/** What a status handler gets: the status and the thrown value. */
export interface StatusHandlerArgs {
  status: number;
  error: unknown;
}

/**
 * One error boundary for every route, with a handler per status: by default 404 shows the not-found page and
 * everything else a calm error page. A layout that keeps its frame around the error (the console) passes
 * `inLayout` and its own handlers, e.g. a 404 without the login link for a logged-in member.
 */
export function GeneralErrorBoundary({
  error,
  statusHandlers,
  inLayout = false,
}: {
  error: unknown;
  statusHandlers?: Partial<Record<number, (args: StatusHandlerArgs) => ReactNode>>;
  inLayout?: boolean;
}) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error) && typeof document === 'undefined') console.error(error);
  const handler = statusHandlers?.[status];
  if (handler) return <>{handler({ status, error })}</>;
  if (status === 404 && isRouteErrorResponse(error)) return <NotFoundPage />;
  return <ErrorPage status={status} inLayout={inLayout} />;
}

/** The calm error page: its status, a short text and the way home. */
export function ErrorPage({ status, inLayout = false }: { status: number; inLayout?: boolean }) {
  const { t } = useTranslation();
  return (
    <ErrorFrame inLayout={inLayout}>
      <p className="text-sm font-medium uppercase tracking-wide text-brand-pink">{t('errorPage.status', { status })}</p>
      <h1 className="text-3xl font-semibold">{status === 403 ? t('errorPage.forbiddenTitle') : t('errorPage.title')}</h1>
      <p>{t('errorPage.text')}</p>
      {/* a plain link: after an error the client router may be in a broken state */}
      <a href="/" className={buttonClassName('darkBlue')}>
        {t('actions.toHome')}
      </a>
    </ErrorFrame>
  );
}

/** The 404 inside the console: the member is logged in, so the way on is the start page, not the login. */
export function ConsoleNotFound() {
  const { t } = useTranslation();
  return (
    <ErrorFrame inLayout>
      <p className="text-6xl font-bold text-brand-pink" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-lg">{t('notFound.text')}</p>
      <Link to="/" className={buttonClassName('darkBlue')}>
        {t('actions.toHome')}
      </Link>
    </ErrorFrame>
  );
}

function ErrorFrame({ inLayout, children }: { inLayout: boolean; children: ReactNode }) {
  const Tag = inLayout ? 'div' : 'main';
  return (
    <Tag className={cx('mx-auto flex max-w-xl flex-col items-center gap-4 text-center', inLayout ? 'py-12' : 'min-h-screen justify-center p-8')}>
      {children}
    </Tag>
  );
}
