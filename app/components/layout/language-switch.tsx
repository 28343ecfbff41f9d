import { Form, useFetcher, useLocation } from '@remix-run/react';
import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '~/lib/language';
import { Button } from '../ui/button';
import { cx } from '../ui/cx';
import { Menu, MenuItem, MenuTrigger } from '../ui/menu';
import { useHydrated } from '../ui/use-hydrated';

export const LANGUAGE_ACTION = '/resources/language';

/**
 * The language dropdown (DE/EN). It posts to /resources/language: with JavaScript through a fetcher, so the
 * page revalidates in the new language without a reload; before hydration as a plain form.
 */
export function LanguageSwitch({ current, tone = 'light' }: { current: Language; tone?: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const location = useLocation();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const redirectTo = `${location.pathname}${location.search}`;
  const shown = (fetcher.formData?.get('language') as Language | null) ?? current;
  const triggerClass = cx(
    '!px-3 !py-1.5 text-sm uppercase',
    tone === 'dark' ? 'text-white hover:bg-white/10' : 'text-brand-dark hover:bg-brand-dark/5',
  );

  if (!hydrated) {
    return (
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
            className={cx('rounded-md px-2 py-1 text-sm', code === current ? 'font-semibold underline' : '')}
          >
            {t(`languages.${code}`)}
          </button>
        ))}
      </Form>
    );
  }

  return (
    <MenuTrigger>
      <Button variant="transparent" className={triggerClass} aria-label={`${t('language.label')}: ${t(`languages.${shown}`)}`}>
        <Globe aria-hidden="true" className="h-4 w-4" />
        {shown}
      </Button>
      <Menu
        aria-label={t('language.label')}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[shown]}
        onSelectionChange={(keys) => {
          const [key] = keys === 'all' ? [] : [...keys];
          if (key && key !== shown) {
            void fetcher.submit({ language: String(key), redirectTo }, { method: 'post', action: LANGUAGE_ACTION });
          }
        }}
      >
        {LANGUAGES.map((code) => (
          <MenuItem key={code} id={code} lang={code.toLowerCase()} textValue={t(`languages.${code}`)}>
            {t(`languages.${code}`)}
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  );
}
