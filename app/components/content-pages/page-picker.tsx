import { useTranslation } from 'react-i18next';
import { NativeSelect } from '../conventions/native-select';

/** A page the picker offers: the id the form posts and the name it shows. */
export interface PagePickerChoice {
  id: string;
  name: string;
}

/**
 * The content page picker (issue 16): a native select of the organisation's published and private pages by name
 * with a "none" option, so it works before JavaScript has loaded. A page already linked that is no longer among
 * the choices (unpublished) stays selected under its own option, so saving the form does not drop it unnoticed.
 */
export function ContentPagePicker({
  name = 'contentPageId',
  label,
  pages,
  defaultValue,
  errors,
  className,
}: {
  name?: string;
  /** the field's label; "Content page" unless given */
  label?: string;
  pages: PagePickerChoice[];
  defaultValue?: string | null;
  errors?: string[];
  className?: string;
}) {
  const { t } = useTranslation('pages');
  const options = pages.map((p) => ({ value: p.id, label: p.name }));
  if (defaultValue && !pages.some((p) => p.id === defaultValue)) options.unshift({ value: defaultValue, label: t('picker.unavailable') });
  return (
    <NativeSelect
      name={name}
      label={label ?? t('picker.label')}
      hint={t('picker.hint')}
      emptyLabel={t('picker.none')}
      options={options}
      defaultValue={defaultValue ?? ''}
      errors={errors}
      className={className}
    />
  );
}
