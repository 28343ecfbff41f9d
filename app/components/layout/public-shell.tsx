import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '~/lib/language';
import { AriaProviders } from '../ui/aria-providers';
import { cx } from '../ui/cx';
import { LanguageSwitch } from './language-switch';

/**
 * The centred layout of public pages (register, login, imprint, privacy): logo, a centred card, the
 * language switch and the legal links in the footer. It brings react-aria's providers for the pages inside
 * (root has none, see app/root.tsx).
 */
export function PublicShell({ language, children, wide = false }: { language: Language; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  return (
    <AriaProviders>
      <div className="flex min-h-screen flex-col">
        <header className="flex items-center justify-between px-4 py-4 sm:px-8">
          <Link to="/" className="flex items-center gap-2 rounded-md text-lg font-semibold text-brand-dark">
            <img src="/favicon.svg" alt="" width={32} height={32} className="h-8 w-8" />
            {t('appName')}
          </Link>
          <LanguageSwitch current={language} />
        </header>
        <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
          <div className={cx('w-full rounded-xl bg-white p-6 shadow-md sm:p-10', wide ? 'max-w-3xl' : 'max-w-md')}>{children}</div>
        </main>
        <footer className="px-4 py-6 text-center text-sm">
          <ul className="flex justify-center gap-6">
            <li>
              <Link to="/imprint" className="underline-offset-2 hover:underline">
                {t('footer.imprint')}
              </Link>
            </li>
            <li>
              <Link to="/privacypolicy" className="underline-offset-2 hover:underline">
                {t('footer.privacy')}
              </Link>
            </li>
          </ul>
        </footer>
      </div>
    </AriaProviders>
  );
}
