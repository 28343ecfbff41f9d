import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '~/components/ui/button';

/** Small pieces the console's lead pages (overview, archive, capture, form builder, a lead) share. */

/** A lead page's heading with the way back to the overview, or `children` (other links) in its place. */
export function LeadPageTitle({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation('leadsconsole');
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children ?? (
        <Link to="/leads" className="text-sm underline">
          {t('archive.back')}
        </Link>
      )}
    </div>
  );
}

const PICTURE_INPUT = 'block w-full text-base file:mr-3 file:rounded-md file:border-0 file:bg-gray-100 file:px-3 file:py-2';

/** A picture the phone takes with its back camera (or a file), for reading a business card or a QR code. */
export function CameraPictureInput({ label, name, required }: { label: string; name: string; required?: boolean }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input type="file" name={name} accept="image/*" capture="environment" required={required} className={PICTURE_INPUT} />
    </label>
  );
}

/**
 * One file of a lead page (the form's header picture, the lead's attachment): an upload form and, while there is a
 * file (`present`), a form that removes it (`remove=yes`); both post `intent` and the hidden `fields`.
 */
export function SingleFileForms({
  intent,
  fields = {},
  name,
  accept,
  label,
  upload,
  remove,
  present,
}: {
  intent: string;
  fields?: Record<string, string>;
  name: string;
  accept: string;
  label: string;
  upload: string;
  remove: string;
  present: boolean;
}) {
  const hidden = (
    <>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
    </>
  );
  return (
    <>
      <Form method="post" encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
        {hidden}
        <label className="flex flex-col gap-1 text-sm font-medium">
          {label}
          <input type="file" name={name} accept={accept} required className="text-sm" />
        </label>
        <button type="submit" className={buttonClassName('standardNoMt')}>
          {upload}
        </button>
      </Form>
      {present ? (
        <Form method="post" className="mt-2">
          {hidden}
          <input type="hidden" name="remove" value="yes" />
          <button type="submit" className="text-sm text-brand-red underline">
            {remove}
          </button>
        </Form>
      ) : null}
    </>
  );
}
