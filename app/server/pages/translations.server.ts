import type { SubmissionResult } from '@conform-to/react';
import type { Language } from '~/lib/language';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import type { RequestContext } from '~/server/request-context.server';
import { TranslationForm } from '~/lib/schemas/event-forms';
import { answer } from '~/server/route-kit.server';
import { redirectWithToast } from '~/server/toast.server';

type Outcome = { ok: true; language: string } | { ok: false; language: string; reply: SubmissionResult<string[]>; status: number };

/**
 * The translation form of a hall or stand (intent `translation`): creates the language's translation the first
 * time and updates it afterwards. `language` in the outcome is the language's name in the user's language.
 */
export async function saveTranslation(
  context: RequestContext,
  formData: FormData,
  calls: {
    existing: { id: string; language: Language }[];
    create: (input: { language: Language; title: string; description: string }) => Promise<unknown>;
    update: (id: string, input: { title: string; description: string }) => Promise<unknown>;
  },
): Promise<Outcome> {
  const t = context.service.t;
  const submission = parseForm(context, formData, TranslationForm);
  const raw = String(formData.get('language') ?? '');
  if (submission.status !== 'success') return { ok: false, language: raw, reply: submission.reply(), status: 400 };
  const { language, title, description } = submission.value;
  const current = calls.existing.find((tr) => tr.language === language);
  const result = await formAction(
    submission,
    () => (current ? calls.update(current.id, { title, description }) : calls.create({ language, title, description })),
    { correctFieldsMessage: t('errors:correctFields') },
  );
  if (!result.ok) return { ok: false, language, reply: result.reply, status: result.status };
  return { ok: true, language: t(`common:languages.${language}`) };
}

/** The translation form of a builder page, answered: back to `here` with a toast, or the form's reply. */
export async function translationAction(context: RequestContext, formData: FormData, here: string, calls: Parameters<typeof saveTranslation>[2]) {
  const outcome = await saveTranslation(context, formData, calls);
  if (!outcome.ok) return answer({ form: `translation-${outcome.language}`, result: outcome.reply }, outcome.status);
  return redirectWithToast(here, { type: 'success', key: 'events:hallPages.translations.saved', values: { language: outcome.language } });
}
