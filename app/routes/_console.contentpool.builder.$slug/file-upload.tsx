import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPT_BY_PURPOSE, MAX_UPLOAD_BYTES, type FilePurpose } from '~/lib/file-limits';
import { useHydrated } from '~/components/ui/use-hydrated';
import { RequiredMark } from '~/components/ui/field';
import { UploadProblem, uploadWithProgress, type StoredUpload } from '~/lib/upload';

/**
 * A file field of the builder. Without JavaScript the file goes with the form (multipart, field `file`) and the
 * action stores it. With JavaScript it is uploaded as soon as it is chosen, to /resources/upload, with a
 * progress bar; the form then only carries the stored file's id (`fileId`) and the file input is emptied.
 */
export function FileUpload({
  purpose,
  label,
  currentId,
  currentUrl,
  currentName,
  errors,
  isImage,
  required,
}: {
  purpose: FilePurpose;
  label: string;
  currentId?: string | null;
  currentUrl?: string | null;
  currentName?: string | null;
  errors?: string[];
  isImage: boolean;
  required?: boolean;
}) {
  const { t } = useTranslation('builder');
  const hydrated = useHydrated();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [fileId, setFileId] = useState(currentId ?? '');
  const [done, setDone] = useState<StoredUpload | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const shownErrors = [problem, ...(errors ?? [])].filter(Boolean).join(' ');

  function upload(file: File) {
    if (file.size > MAX_UPLOAD_BYTES) {
      setProblem(t('errors:fileTooLarge'));
      return;
    }
    setProblem('');
    setProgress(0);
    uploadWithProgress(file, file.name, purpose, setProgress).then(
      (stored) => {
        setProgress(null);
        setFileId(stored.id);
        setDone(stored);
        if (input.current) input.current.value = '';
      },
      (error: unknown) => {
        setProgress(null);
        setProblem((error instanceof UploadProblem && error.message) || t('upload.failed'));
      },
    );
  }

  const url = done?.url ?? currentUrl;
  const name = done?.filename ?? currentName;
  return (
    <div className="flex flex-col gap-1">
      <input type="hidden" name="fileId" value={fileId} />
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {url ? (
        isImage ? (
          <img src={url} alt={t('upload.current')} width={240} height={135} className="h-[135px] w-60 rounded object-contain bg-gray-100" />
        ) : (
          <a href={url} target="_blank" rel="noreferrer" className="text-sm text-brand-dark underline">
            {name ?? t('upload.open')}
          </a>
        )
      ) : null}
      <input
        ref={input}
        id={inputId}
        type="file"
        name="file"
        accept={ACCEPT_BY_PURPOSE[purpose]}
        aria-invalid={shownErrors ? true : undefined}
        aria-describedby={`${inputId}-status ${inputId}-error`}
        className="block text-sm"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (hydrated && file) upload(file);
        }}
      />
      {progress !== null ? (
        <progress max={100} value={progress} aria-label={t('upload.progress')} className="h-2 w-60">
          {progress} %
        </progress>
      ) : null}
      <p id={`${inputId}-status`} role="status" className="text-xs text-gray-600">
        {progress !== null ? t('upload.uploading', { percent: progress }) : done ? t('upload.done', { name: done.filename }) : ''}
      </p>
      <p id={`${inputId}-error`} className="text-sm text-brand-red">
        {shownErrors}
      </p>
    </div>
  );
}
