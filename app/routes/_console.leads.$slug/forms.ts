import { z } from 'zod';
import { LeadFieldsInput, LEAD_TAG_MAX, LEAD_TAGS_MAX } from '~/lib/schemas/leads';

/**
 * The lead page's edit form (issue 18): the lead's columns, language, tags (comma-separated) and free values. Tags
 * are optional (a lead may have none, as in the capture form and the API): an empty field clears them, and the field
 * is not marked required (issue 24 item 19; the pipe's output is optional so Conform's constraint says so too).
 */
export const LeadEditForm = LeadFieldsInput.extend({
  intent: z.literal('update'),
  language: z.enum(['DE', 'EN']),
  tags: z
    .string()
    .max(LEAD_TAGS_MAX * (LEAD_TAG_MAX + 2))
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(LEAD_TAG_MAX)).max(LEAD_TAGS_MAX).optional()),
});

export const STANDARD_COLUMNS = ['name', 'email', 'company', 'job', 'phone', 'mobile', 'web', 'street', 'hno', 'plz', 'city', 'country', 'address'] as const;

/** The free values as posted: `value.<name>` inputs. */
export function postedValues(formData: FormData): { name: string; value: string }[] {
  const values: { name: string; value: string }[] = [];
  for (const [key, value] of formData.entries()) {
    if (key.startsWith('value.') && typeof value === 'string') values.push({ name: key.slice(6, 46), value: value.slice(0, 2000) });
  }
  return values.slice(0, 60);
}
