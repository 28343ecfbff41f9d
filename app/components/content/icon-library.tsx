import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { FormAnswer } from '~/lib/route-kit';
import { ConfirmDelete } from '../events/confirm-delete';
import { Button } from '../ui/button';
import { errorFor, PageSection, useIsPending } from '../ui/route-form';

export interface IconItem {
  id: string;
  filename: string;
  url: string;
}

/**
 * The organisation's icons with the upload form (PNG or SVG, multipart, works without JavaScript) and a delete
 * after confirming per icon. The page's action runs `iconUploadAction` / `iconDeleteAction` (intent `deleteIcon`).
 */
export function IconLibrary({ icons, answer }: { icons: IconItem[]; answer: FormAnswer | null | undefined }) {
  const { t } = useTranslation('personalization');
  const pending = useIsPending();
  const error = errorFor(answer, 'uploadIcon');
  return (
    <PageSection id="content-icons" title={t('icons.heading')} intro={t('icons.intro')}>
      <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="uploadIcon" />
        <div className="flex flex-col gap-1">
          <label htmlFor="content-icon-file" className="text-sm font-medium">
            {t('icons.file')}
          </label>
          <input
            id="content-icon-file"
            type="file"
            name="file"
            required
            accept="image/png,image/svg+xml,.svg,.png"
            aria-describedby="content-icon-error"
            aria-invalid={error ? true : undefined}
            className="block text-sm"
          />
        </div>
        <Button type="submit" isDisabled={pending}>
          {t('icons.upload')}
        </Button>
        <p id="content-icon-error" role="alert" className="w-full text-sm text-brand-red">
          {error}
        </p>
      </Form>
      {icons.length ? (
        <ul aria-label={t('icons.listLabel')} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {icons.map((icon) => (
            <li key={icon.id} className="flex flex-col items-center gap-2 rounded-md border border-gray-200 p-3">
              <img src={icon.url} alt="" width={48} height={48} className="h-12 w-12 object-contain" />
              <span className="w-full truncate text-center text-xs text-gray-700" title={icon.filename}>
                {icon.filename}
              </span>
              <ConfirmDelete
                intent="deleteIcon"
                id={icon.id}
                name={icon.filename}
                label={t('icons.delete')}
                ariaLabel={t('icons.deleteNamed', { name: icon.filename })}
                title={t('icons.deleteTitle')}
                message={t('icons.deleteText', { name: icon.filename })}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-gray-600">{t('icons.none')}</p>
      )}
    </PageSection>
  );
}
