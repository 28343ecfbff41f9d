import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from './ui/button-styles';

/** The page every unknown path shows (spec: headed "Seite nicht gefunden", with a login link). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-6 p-8 text-center">
      <p className="text-6xl font-bold text-brand-pink" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-lg">{t('notFound.text')}</p>
      <div className="flex flex-wrap justify-center gap-4">
        <Link to="/login" className={buttonClassName('darkBlue')}>
          {t('notFound.login')}
        </Link>
        <Link to="/" className={buttonClassName('outline')}>
          {t('actions.toHome')}
        </Link>
      </div>
    </main>
  );
}
