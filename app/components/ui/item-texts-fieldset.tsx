import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '~/lib/language';
import type { ItemTextsValues } from '~/lib/schemas/item-texts';

const INPUT = 'rounded-md border border-gray-300 px-3 py-2 font-normal';

/**
 * The German and English texts of a list item (issue 24 item 21), as plain fields inside the item's form, so it
 * works without JavaScript: `titleDE`, `descriptionEN` ... (app/lib/schemas/item-texts.ts). `description` names
 * what the second field is called for this item (a tour step's "text"); `fields` leaves it out where an item has
 * only a title (an info point's embedded page).
 */
export function ItemTextsFieldset({
  values,
  description = 'description',
  fields = ['title', 'description'],
  idPrefix,
}: {
  values: ItemTextsValues;
  description?: 'description' | 'text';
  fields?: readonly ('title' | 'description')[];
  /** makes the fields' ids unique where a page has several such forms */
  idPrefix: string;
}) {
  const { t } = useTranslation('common');
  return (
    <fieldset className="grid gap-3 rounded-md border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold">{t('itemTexts.legend')}</legend>
      <p className="text-sm text-gray-700" id={`${idPrefix}-texts-hint`}>
        {t('itemTexts.hint')}
      </p>
      <div className="grid gap-3 md:grid-cols-2">
        {LANGUAGES.map((language) => {
          const name = t(`languages.${language}`);
          return (
            <div key={language} className="grid content-start gap-3" lang={language.toLowerCase()}>
              {fields.includes('title') ? (
                <label className="flex flex-col gap-1 text-sm font-medium">
                  {t('itemTexts.title', { language: name })}
                  <input
                    name={`title${language}`}
                    maxLength={255}
                    defaultValue={values[`title${language}`] ?? ''}
                    aria-describedby={`${idPrefix}-texts-hint`}
                    className={INPUT}
                  />
                </label>
              ) : null}
              {fields.includes('description') ? (
                <label className="flex flex-col gap-1 text-sm font-medium">
                  {t(description === 'text' ? 'itemTexts.text' : 'itemTexts.description', { language: name })}
                  <textarea
                    name={`description${language}`}
                    rows={3}
                    maxLength={20000}
                    defaultValue={values[`description${language}`] ?? ''}
                    aria-describedby={`${idPrefix}-texts-hint`}
                    className={INPUT}
                  />
                </label>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
