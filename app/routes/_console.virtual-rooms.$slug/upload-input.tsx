import type { ChangeEvent, RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The room editor's file input (`name="file"`) that uploads at once: its label, a progress bar while `progress` is
 * set, a status line (the upload's percentage, else `status`) and an alert for `problem`, which describe the input.
 */
export function UploadInput({
  id,
  inputRef,
  label,
  labelClassName,
  accept,
  required,
  invalid,
  progress,
  status = '',
  problem,
  onChange,
  problemMark,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement>;
  label: string;
  labelClassName: string;
  accept: string;
  required?: boolean;
  invalid?: boolean;
  progress: number | null;
  status?: string;
  problem: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** a `data-*` attribute that marks the alert for tests */
  problemMark?: `data-${string}`;
}) {
  const { t } = useTranslation('roomseditor');
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        name="file"
        required={required}
        accept={accept}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-status ${id}-error`}
        className="block text-sm"
        onChange={onChange}
      />
      {progress !== null ? (
        <progress max={100} value={progress} aria-label={t('editor.progress')} className="h-2 w-60">
          {progress} %
        </progress>
      ) : null}
      <p id={`${id}-status`} role="status" className="text-xs text-gray-600">
        {progress !== null ? t('editor.uploading', { percent: progress }) : status}
      </p>
      <p id={`${id}-error`} role="alert" className="text-sm text-brand-red" {...(problemMark ? { [problemMark]: true } : {})}>
        {problem}
      </p>
    </>
  );
}
