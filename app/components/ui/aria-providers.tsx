import { useHref, useNavigate } from '@remix-run/react';
import type { ReactNode } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { toAriaLocale } from '~/lib/language';
import { useRootData } from '~/components/root-data';

/**
 * What react-aria components need around them: links and menu items navigate through Remix's router
 * (client-side, with loaders) and the locale follows the page language. The console and public layouts (and
 * PublicShell) wrap their pages in it; root does not, so visitor pages never download react-aria.
 */
export function AriaProviders({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const locale = useRootData()?.locale ?? i18n.language;
  return (
    <RouterProvider navigate={navigate} useHref={useHref}>
      <I18nProvider locale={toAriaLocale(locale)}>{children}</I18nProvider>
    </RouterProvider>
  );
}
