import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { inputClass, submitClass } from './styles';

export interface BusinessCardData {
  firstName: string;
  lastName: string;
  companyName: string;
  streetAddress1: string;
  houseNo: string;
  postalCode: string;
  city: string;
  country: string;
  phone: string;
}

type Reply = { error?: Record<string, string[] | null | undefined> | null; initialValue?: Record<string, unknown> | null } | undefined;

const FIELDS = [
  { name: 'companyName', autoComplete: 'organization', type: 'text' },
  { name: 'streetAddress1', autoComplete: 'address-line1', type: 'text' },
  { name: 'houseNo', autoComplete: 'off', type: 'text' },
  { name: 'postalCode', autoComplete: 'postal-code', type: 'text' },
  { name: 'city', autoComplete: 'address-level2', type: 'text' },
  { name: 'phone', autoComplete: 'tel', type: 'tel' },
] as const;

/** The star of a required field; the form says once what it means, screen readers hear "required" from the field. */
function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 font-semibold text-[#e2001a]">
      *
    </span>
  );
}

/**
 * The visitor's business card in the convention (spec 000 "Business-card modal"): the name from the account
 * and the contact data exhibitors receive. A plain form (no JavaScript needed) posting to the convention
 * layout; the server's messages show under their fields.
 */
export function BusinessCardForm({
  action,
  redirectTo,
  viewer,
  countries,
  lastResult,
}: {
  action: string;
  redirectTo: string;
  viewer: { name: string; email: string; card: BusinessCardData };
  countries: { code: string; name: string }[];
  lastResult?: unknown;
}) {
  const { t } = useTranslation('visitor');
  const reply = lastResult as Reply;
  const value = (name: keyof BusinessCardData) => {
    const sent = reply?.initialValue?.[name];
    return typeof sent === 'string' ? sent : viewer.card[name];
  };
  const errorOf = (name: string) => reply?.error?.[name]?.[0];
  const formError = reply?.error?.['']?.[0];
  return (
    <Form method="post" action={action} className="space-y-3" aria-describedby={formError ? 'card-form-error' : undefined}>
      <input type="hidden" name="intent" value="address" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="text-sm">
        <span className="font-semibold">{viewer.name}</span>
        <br />
        <span className="text-gray-700">{viewer.email}</span>
      </p>
      <p className="text-sm text-gray-700">
        <RequiredMark /> {t('card.requiredNote')}
      </p>
      {formError ? (
        <p id="card-form-error" role="alert" className="rounded-md bg-red-50 p-2 text-sm text-[#e2001a]">
          {formError}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const error = errorOf(field.name);
          return (
            <div key={field.name} className={field.name === 'companyName' || field.name === 'phone' ? 'sm:col-span-2' : undefined}>
              <label htmlFor={`card-${field.name}`} className="text-sm font-medium">
                {t(`card.fields.${field.name}`)}
                <RequiredMark />
              </label>
              <input
                id={`card-${field.name}`}
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                required
                defaultValue={value(field.name)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `card-${field.name}-error` : undefined}
                className={inputClass}
              />
              {error ? (
                <p id={`card-${field.name}-error`} className="mt-1 text-sm text-[#e2001a]">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="sm:col-span-2">
          <label htmlFor="card-country" className="text-sm font-medium">
            {t('card.fields.country')}
            <RequiredMark />
          </label>
          <select id="card-country" name="country" required defaultValue={value('country') || 'DE'} className={inputClass}>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className={submitClass}>
        {t('card.save')}
      </button>
    </Form>
  );
}
