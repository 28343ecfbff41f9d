import { Form, useFetcher, useLocation } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '~/lib/language';
import { cx } from '../ui/cx';
import { useHydrated } from '../ui/use-hydrated';

export const LANGUAGE_ACTION = '/resources/language';

const LanguageMenu = lazy(() => import('./language-menu'));

/**
 * The language switch (DE/EN). It posts to /resources/language: before hydration as a plain form with one
 * button per language, afterwards as a dropdown that submits through a fetcher, so the page revalidates in
 * the new language without a reload.
 */
export function LanguageSwitch({
  current,
  tone = 'light',
  plain = false,
}: {
  current: Language;
  tone?: 'light' | 'dark';
  /** keep the plain form after hydration too (visitor pages: no dropdown code to download) */
  plain?: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const redirectTo = `${location.pathname}${location.search}`;
  const shown = (fetcher.formData?.get('language') as Language | null) ?? current;

  const form = (
    <Form method="post" action={LANGUAGE_ACTION} className="flex items-center gap-1" aria-label={t('language.label')}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="submit"
          name="language"
          value={code}
          lang={code.toLowerCase()}
          aria-current={code === current ? 'true' : undefined}
          className={cx(
            'rounded-md px-2 py-1 text-sm',
            tone === 'dark' ? 'text-white' : 'text-brand-dark',
            code === current && 'font-semibold underline',
          )}
        >
          {plain ? (
            <>
              {/* phones show the code, the accessible name stays the language's name */}
              <span aria-hidden="true" className="sm:hidden">
                {code}
              </span>
              <span className="sr-only sm:not-sr-only">{t(`languages.${code}`)}</span>
            </>
          ) : (
            t(`languages.${code}`)
          )}
        </button>
      ))}
    </Form>
  );

  if (!hydrated || plain) return form;
  return (
    <Suspense fallback={form}>
      <LanguageMenu
        shown={shown}
        tone={tone}
        onSelect={(language) => fetcher.submit({ language, redirectTo }, { method: 'post', action: LANGUAGE_ACTION })}
      />
    </Suspense>
  );
}
