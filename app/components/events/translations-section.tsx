import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '~/lib/language';
import { Button } from '../ui/button';
import { TextArea, TextField } from '../ui/field';
import { TranslationForm } from './forms';
import { useRouteForm } from '../ui/route-form';

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
  const navigation = useNavigation();
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
      {form.errors?.length ? (
        <p role="alert" className="text-sm text-brand-red">
          {form.errors.join(' ')}
        </p>
      ) : null}
      <TextField field={fields.title} label={t('hallPages.translations.title', { language: languageName })} />
      <TextArea field={fields.description} label={t('hallPages.translations.description', { language: languageName })} />
      <Button type="submit" className="self-start" isDisabled={navigation.state === 'submitting'}>
        {t('hallPages.translations.save', { language: languageName })}
      </Button>
    </Form>
  );
}

/** Title and description per language (DE, EN) of a hall or stand: one form per language. */
export function TranslationsSection({
  translations,
  lastForm,
  lastResult,
}: {
  translations: TranslationValue[];
  lastForm: string | undefined;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation('events');
  return (
    <section aria-labelledby="translations-title" className="rounded-lg bg-white p-6 shadow-sm">
      <h2 id="translations-title" className="text-lg font-semibold">
        {t('hallPages.translations.heading')}
      </h2>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {LANGUAGES.map((language) => (
          <LanguageForm
            key={language}
            language={language}
            value={translations.find((tr) => tr.language === language)}
            lastResult={lastForm === `translation-${language}` ? lastResult : undefined}
          />
        ))}
      </div>
    </section>
  );
}
