import { Globe } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '~/lib/language';
import { Button } from '../ui/button';
import { cx } from '../ui/cx';
import { Menu, MenuItem, MenuTrigger } from '../ui/menu';

export interface LanguageMenuProps {
  shown: Language;
  tone: 'light' | 'dark';
  onSelect: (language: Language) => void;
}

/** The dropdown half of the language switch; loaded after hydration so visitor pages start lighter. */
export default function LanguageMenu({ shown, tone, onSelect }: LanguageMenuProps) {
  const { t } = useTranslation();
  return (
    <MenuTrigger>
      <Button
        variant="transparent"
        className={cx(
          '!px-3 !py-1.5 text-sm uppercase',
          tone === 'dark' ? 'text-white hover:bg-white/10' : 'text-brand-dark hover:bg-brand-dark/5',
        )}
        // the visible code is part of the name (WCAG 2.5.3): a voice user says what they see
        aria-label={t('language.button', { name: t(`languages.${shown}`), code: shown })}
      >
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
          if (key && key !== shown) onSelect(key as Language);
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

