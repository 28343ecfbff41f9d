import { getFormProps, type FormMetadata } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormAnswer } from '~/lib/route-kit';
import { cx } from '../ui/cx';
import { errorFor, FormErrors, PageSection, SubmitButton } from '../ui/route-form';
import { ConfirmStep } from './confirm-delete';
import { ImageForm } from './image-form';

/**
 * The sections every builder page (convention, hall, stand, stage, in-house fair) is made of: a header with the
 * way back, the settings form, the picture, the confirmation step of a delete. The texts per language and the
 * access sections are `TranslationsSection` and `AccessSection`. Decision 013.
 */

/** The page heading with the link back to its list, and what goes under the heading. */
export function BuilderHeader({ back, backLabel, title, children }: { back: string; backLabel: string; title: ReactNode; children?: ReactNode }) {
  return (
    <div>
      <Link to={back} className="text-sm text-brand-dark underline-offset-2 hover:underline">
        {backLabel}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}

/**
 * The settings form (intent `settings`) in its own section: the form's own errors first, the fields
 * (children), then the save button, disabled while a form is on its way.
 */
export function SettingsSection<Schema extends Record<string, unknown>>({
  id,
  title,
  form,
  submit,
  className = 'grid gap-4 sm:grid-cols-2',
  children,
}: {
  id: string;
  title: ReactNode;
  form: FormMetadata<Schema, string[]>;
  submit: ReactNode;
  /** the form's layout; default two columns */
  className?: string;
  children: ReactNode;
}) {
  const wide = className.includes('grid-cols-2') ? 'sm:col-span-2' : undefined;
  return (
    <PageSection id={id} title={title}>
      <Form method="post" {...getFormProps(form)} className={cx('mt-4', className)}>
        <input type="hidden" name="intent" value="settings" />
        <FormErrors errors={form.errors} className={wide} />
        {children}
        <div className={wide}>
          <SubmitButton>{submit}</SubmitButton>
        </div>
      </Form>
    </PageSection>
  );
}

/**
 * A picture of the object with its upload form; the texts come from `keys` (`<keys>.heading`, `.hint`, `.file`,
 * `.submit`, `.alt`, `.none`), `values` fill the alt text.
 */
export function PictureSection({
  id,
  intent = 'thumbnail',
  keys,
  values,
  imageUrl,
  answer,
}: {
  id: string;
  intent?: string;
  keys: string;
  values: Record<string, string>;
  imageUrl: string | null;
  answer: FormAnswer | null | undefined;
}) {
  const { t } = useTranslation('events');
  return (
    <ImageForm
      id={id}
      intent={intent}
      title={t(`${keys}.heading`)}
      hint={t(`${keys}.hint`)}
      fileLabel={t(`${keys}.file`)}
      submitLabel={t(`${keys}.submit`)}
      imageUrl={imageUrl}
      imageAlt={t(`${keys}.alt`, values)}
      noImage={t(`${keys}.none`)}
      error={errorFor(answer, intent)}
    />
  );
}

/**
 * The "really delete?" step the action answered with (a delete without JavaScript): its texts by the delete's
 * intent, or `fallback` for an intent `texts` does not name.
 */
export function ConfirmAnswer({
  answer,
  texts,
  fallback,
  values,
}: {
  answer: FormAnswer | null | undefined;
  texts: Record<string, { title: string; message: string }>;
  fallback?: { title: string; message: string };
  /** further values of the message (the name asked about is `name` and `label`) */
  values?: Record<string, string>;
}) {
  const { t } = useTranslation('events');
  const confirm = answer?.confirm;
  const text = confirm ? (texts[confirm.intent] ?? fallback) : undefined;
  if (!confirm || !text) return null;
  return <ConfirmStep confirm={confirm} title={t(text.title)} message={t(text.message, { name: confirm.name, label: confirm.name, ...values })} />;
}
