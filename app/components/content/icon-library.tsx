import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { FormAnswer } from '~/lib/route-kit';
import { DeleteObject } from '../events/list-sections';
import { FileField } from '../ui/field';
import { errorFor, PageSection, SubmitButton } from '../ui/route-form';

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
  const error = errorFor(answer, 'uploadIcon');
  return (
    <PageSection id="content-icons" title={t('icons.heading')} intro={t('icons.intro')}>
      <Form method="post" encType="multipart/form-data" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="uploadIcon" />
        <FileField id="content-icon-file" label={t('icons.file')} required accept="image/png,image/svg+xml,.svg,.png" error={error} announce />
        <SubmitButton>{t('icons.upload')}</SubmitButton>
      </Form>
      {icons.length ? (
        <ul aria-label={t('icons.listLabel')} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {icons.map((icon) => (
            <li key={icon.id} className="flex flex-col items-center gap-2 rounded-md border border-gray-200 p-3">
              <img src={icon.url} alt="" width={48} height={48} className="h-12 w-12 object-contain" />
              <span className="w-full truncate text-center text-xs text-gray-700" title={icon.filename}>
                {icon.filename}
              </span>
              <DeleteObject item={{ id: icon.id, name: icon.filename }} keys="icons" intent="deleteIcon" ns="personalization" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-gray-600">{t('icons.none')}</p>
      )}
    </PageSection>
  );
}
