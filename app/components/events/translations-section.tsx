import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '~/lib/language';
import type { FormAnswer } from '~/lib/route-kit';
import { TextArea, TextField } from '../ui/field';
import { TranslationForm } from '~/lib/schemas/event-forms';
import { FormErrors, PageSection, resultFor, SubmitButton, useRouteForm } from '../ui/route-form';

interface TranslationValue {
  language: Language;
  title: string;
  description: string;
}

function LanguageForm({
  language,
  value,
  lastResult,
}: {
  language: Language;
  value: TranslationValue | undefined;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation(['events', 'common']);
  const [form, fields] = useRouteForm(TranslationForm, {
    id: `translation-${language}`,
    lastResult,
    defaultValue: { title: value?.title ?? '', description: value?.description ?? '' },
  });
  const languageName = t(`common:languages.${language}`);
  return (
    <Form method="post" {...getFormProps(form)} lang={language.toLowerCase()} className="flex flex-col gap-3 rounded-md border p-4">
      <h3 className="font-semibold">{languageName}</h3>
      <input type="hidden" name="intent" value="translation" />
      <input type="hidden" name="language" value={language} />
      <FormErrors errors={form.errors} />
      <TextField field={fields.title} label={t('hallPages.translations.title', { language: languageName })} />
      <TextArea field={fields.description} label={t('hallPages.translations.description', { language: languageName })} />
      <SubmitButton className="self-start">{t('hallPages.translations.save', { language: languageName })}</SubmitButton>
    </Form>
  );
}

/** Title and description per language (DE, EN) of a hall or stand: one form per language. */
export function TranslationsSection({ translations, answer }: { translations: TranslationValue[]; answer: FormAnswer | null | undefined }) {
  const { t } = useTranslation('events');
  return (
    <PageSection id="translations" title={t('hallPages.translations.heading')}>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {LANGUAGES.map((language) => (
          <LanguageForm
            key={language}
            language={language}
            value={translations.find((tr) => tr.language === language)}
            lastResult={resultFor(answer, `translation-${language}`)}
          />
        ))}
      </div>
    </PageSection>
  );
}
