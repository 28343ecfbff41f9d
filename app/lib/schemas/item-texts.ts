import { z } from 'zod';
import { LANGUAGES, type Language } from '~/lib/language';

/**
 * The German and English texts of a small item edited inside a list form (on-demand items, tour steps, info
 * points; issue 24 item 21): flat fields `titleDE`, `descriptionEN` ..., so a form works without JavaScript and
 * without array names. An empty field means "show the item's own text in that language".
 */
export const ItemTextsFields = {
  titleDE: z.string().trim().max(255).optional(),
  titleEN: z.string().trim().max(255).optional(),
  descriptionDE: z.string().max(20000).optional(),
  descriptionEN: z.string().max(20000).optional(),
};

export type ItemTextsValues = { [K in keyof typeof ItemTextsFields]?: string };

export interface ItemText {
  language: Language;
  title: string;
  description: string;
}

/** The form's fields as the translations list the services take: both languages, '' where a field is empty. */
export function itemTextsFromForm(values: ItemTextsValues): ItemText[] {
  return LANGUAGES.map((language) => ({
    language,
    title: values[`title${language}`]?.trim() ?? '',
    description: values[`description${language}`] ?? '',
  }));
}

/** The other way: stored translations as the form's default values. */
export function itemTextsForForm(translations: readonly ItemText[]): Required<ItemTextsValues> {
  const of = (language: Language) => translations.find((tr) => tr.language === language);
  return {
    titleDE: of('DE')?.title ?? '',
    titleEN: of('EN')?.title ?? '',
    descriptionDE: of('DE')?.description ?? '',
    descriptionEN: of('EN')?.description ?? '',
  };
}
