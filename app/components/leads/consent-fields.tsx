import { useTranslation } from 'react-i18next';
import type { ConsentKind } from '~/lib/leads/form-schema';

// the kinds of form-schema's CONSENT_KINDS, listed here so the public form does not pull zod into a lead's phone
const CONSENT_KINDS: readonly ConsentKind[] = ['contact', 'material', 'tracking'];

/**
 * The consent checkboxes of a lead form (issue 18): each with the exact text the lead's proof keeps (the server
 * hands the texts in, in the form's language). Unchecked means not agreed; nothing is preselected.
 */
export function ConsentFields({ texts, checked = {} }: { texts: Record<ConsentKind, string>; checked?: Partial<Record<ConsentKind, boolean>> }) {
  const { t } = useTranslation('leadsconsole');
  return (
    <fieldset className="rounded-md border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold">{t('consent.legend')}</legend>
      <div className="space-y-2">
        {CONSENT_KINDS.map((kind) => (
          <label key={kind} className="flex items-start gap-3 text-sm">
            <input type="checkbox" name={`consent_${kind}`} value="on" defaultChecked={checked[kind]} className="mt-0.5 h-5 w-5 shrink-0" />
            <span>{texts[kind]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The consent a lead form posted. */
export function postedConsent(formData: FormData): Record<ConsentKind, boolean> {
  return Object.fromEntries(CONSENT_KINDS.map((kind) => [kind, formData.get(`consent_${kind}`) === 'on'])) as Record<ConsentKind, boolean>;
}
