import type { ActionFunctionArgs } from '@remix-run/node';
import { templateDef } from '~/lib/email/templates';
import { defineGuards } from '~/lib/guards';
import { LanguageSchema, TranslationsForm } from '~/lib/schemas/email';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { resourceJson } from '~/server/route-kit.server';
import { previewMail } from '~/server/services/email';

/**
 * The live preview of /email-management (issue 29): the texts form as it is being typed, rendered with sample data in
 * the asked language; nothing is saved. The page shows the answer in its sandboxed frame.
 */

export const guards = defineGuards({ organization: true, feature: 'email' });

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const form = await readForm(request);
  const fields: Record<string, Record<string, string>> = { DE: {}, EN: {} };
  for (const [name, value] of form) {
    const [lang, msgId] = name.split('.');
    if ((lang === 'DE' || lang === 'EN') && msgId && typeof value === 'string') fields[lang][msgId] = value;
  }
  const parsed = TranslationsForm.safeParse({ intent: 'texts', template: form.get('template'), ...fields });
  const lang = LanguageSchema.safeParse(form.get('lang'));
  if (!parsed.success || !lang.success) return resourceJson({ html: null }, { status: 400 });
  const known = new Set(templateDef(parsed.data.template).messages.map((m) => m.id));
  const draft = new Map(Object.entries(parsed.data[lang.data]).filter(([msgId]) => known.has(msgId)));
  const preview = await previewMail(context.service, parsed.data.template, lang.data, draft);
  return resourceJson({ html: preview.html, subject: preview.subject });
}
