import { useId } from 'react';
import type { LeadFormField, LeadFormSchema } from '~/lib/leads/form-schema';
import { ErrorText } from '~/components/ui/field';

/**
 * The fields of a lead form built from its stored schema (issue 18): native inputs, so the rep's form at the stand
 * and the public `/leadform` work before JavaScript has loaded. Labels, options and headlines in the form's
 * language (`lang`), falling back to the default label. `errors` are the server's field errors by field name.
 */
export type LeadLang = 'DE' | 'EN';

export const labelOf = (field: LeadFormField, lang: LeadLang) => field.langlabel[lang] || field.label || field.name;
export const headlineOf = (field: LeadFormField, lang: LeadLang) => field.langheadline[lang] || field.headline || field.label;
export const optionsOf = (field: LeadFormField, lang: LeadLang) =>
  field.selects.map((value, i) => ({ value, label: field.langselects[lang]?.[i] || value }));

const INPUT =
  'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-brand-dark outline-none ' +
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-pink aria-[invalid]:border-brand-red';

const INPUT_TYPES: Partial<Record<LeadFormField['type'], string>> = {
  TEXT: 'text',
  EMAIL: 'email',
  PHONE: 'tel',
  URL: 'url',
  NUMBER: 'number',
  DATE: 'date',
};

const AUTOCOMPLETE: Record<string, string> = {
  email: 'email',
  name: 'name',
  company: 'organization',
  job: 'organization-title',
  phone: 'tel',
  mobile: 'tel',
  web: 'url',
  street: 'address-line1',
  plz: 'postal-code',
  city: 'address-level2',
  country: 'country',
};

function FieldInput({
  field,
  lang,
  value,
  errors,
}: {
  field: LeadFormField;
  lang: LeadLang;
  value: string;
  errors: string[];
}) {
  const id = useId();
  const invalid = errors.length > 0;
  const described = invalid ? `${id}-error` : undefined;
  const label = labelOf(field, lang);
  const common = {
    id,
    name: field.name,
    required: field.required || undefined,
    'aria-invalid': invalid || undefined,
    'aria-describedby': described,
  };
  if (field.type === 'CHECKBOX') {
    return (
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 text-sm">
          <input {...common} type="checkbox" value="true" defaultChecked={value === 'true'} className="h-5 w-5" />
          {label}
          {field.required ? <RequiredMark /> : null}
        </label>
        <ErrorText persistent id={`${id}-error`} errors={errors} />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {field.required ? <RequiredMark /> : null}
      </label>
      {field.type === 'TEXTAREA' ? (
        <textarea {...common} rows={4} defaultValue={value} className={INPUT} />
      ) : field.type === 'SELECT' ? (
        <select {...common} defaultValue={value} className={INPUT}>
          <option value="">–</option>
          {optionsOf(field, lang).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={INPUT_TYPES[field.type] ?? 'text'}
          defaultValue={value}
          autoComplete={field.standard ? AUTOCOMPLETE[field.standard] : undefined}
          className={INPUT}
        />
      )}
      <ErrorText persistent id={`${id}-error`} errors={errors} />
    </div>
  );
}

function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-brand-red">
      {' *'}
    </span>
  );
}

/** The inputs of `schema`; `values` fills them (a business card's extraction, the last post), `errors` by name. */
export function LeadFormFields({
  schema,
  lang,
  values = {},
  errors = {},
}: {
  schema: LeadFormSchema;
  lang: LeadLang;
  values?: Record<string, string | undefined>;
  errors?: Record<string, string[] | null | undefined>;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {schema.map((field) =>
        field.type === 'HEADLINE' ? (
          <h3 key={field.id} className="pt-2 text-base font-semibold sm:col-span-2">
            {headlineOf(field, lang)}
          </h3>
        ) : (
          <div key={field.id} className={field.type === 'TEXTAREA' ? 'sm:col-span-2' : undefined}>
            <FieldInput field={field} lang={lang} value={values[field.name] ?? ''} errors={errors[field.name] ?? []} />
          </div>
        ),
      )}
    </div>
  );
}
