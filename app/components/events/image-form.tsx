import { Form } from '@remix-run/react';
import { useId } from 'react';
import { ACCEPT_BY_PURPOSE } from '~/lib/file-limits';
import { SubmitButton } from '../ui/route-form';

export interface ImageFormProps {
  /** the action's intent; the file goes in the field `file` after it */
  intent: string;
  id: string;
  title: string;
  hint: string;
  fileLabel: string;
  submitLabel: string;
  imageUrl: string | null;
  imageAlt: string;
  noImage: string;
  /** the refusal of the last upload (wrong ratio, too large, not an image), in the user's language */
  error?: string;
  /** further hidden fields, e.g. the node id */
  hidden?: Record<string, string>;
  /** `contain` shows the whole picture in the frame (a logo), `cover` fills it (16:9 pictures; the default) */
  fit?: 'cover' | 'contain';
}

/**
 * An image of a hall or stand with its upload form. The form posts as multipart to the page's action (works
 * without JavaScript); the action stores the file and hands it to the service, which checks the ratio on the
 * real image.
 */
export function ImageForm({ intent, id, title, hint, fileLabel, submitLabel, imageUrl, imageAlt, noImage, error, hidden, fit = 'cover' }: ImageFormProps) {
  const inputId = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg bg-white p-6 shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-4 flex flex-wrap items-start gap-6">
        {imageUrl ? (
          <img
            src={imageUrl}
            alt={imageAlt}
            width={320}
            height={180}
            className={`aspect-video w-80 max-w-full rounded-md ${fit === 'contain' ? 'border border-gray-200 bg-gray-50 object-contain p-2' : 'object-cover'}`}
          />
        ) : (
          <p className="text-gray-700">{noImage}</p>
        )}
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(hidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor={inputId} className="text-sm font-medium">
            {fileLabel}
          </label>
          <input
            id={inputId}
            type="file"
            name="file"
            required
            accept={ACCEPT_BY_PURPOSE.IMAGE}
            aria-describedby={`${inputId}-hint ${inputId}-error`}
            aria-invalid={error ? true : undefined}
            className="block text-sm"
          />
          <p id={`${inputId}-hint`} className="text-xs text-gray-600">
            {hint}
          </p>
          <p id={`${inputId}-error`} role="alert" className="text-sm text-brand-red">
            {error}
          </p>
          <SubmitButton className="self-start">{submitLabel}</SubmitButton>
        </Form>
      </div>
    </section>
  );
}
