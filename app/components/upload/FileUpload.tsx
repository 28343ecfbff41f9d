import { useId, useRef, useState, type FormEvent } from 'react';
import { Label, ProgressBar } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocation } from '@remix-run/react';
import { ACCEPT_BY_PURPOSE, MAX_UPLOAD_BYTES, type FilePurpose } from '~/server/services/files/limits';

export interface UploadedFile {
  id: string;
  url: string;
  filename: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
}

export interface FileUploadProps {
  purpose?: FilePurpose;
  /** organisation the file belongs to; default: the viewer's current one */
  forOrg?: string;
  /** label of the file field; default "File" */
  label?: string;
  onUploaded?: (file: UploadedFile) => void;
}

/**
 * A file upload form. Without JavaScript it posts to /resources/upload and comes back with a toast; with
 * JavaScript it sends the same form by XMLHttpRequest to show the progress. Routes that show it need the
 * `files` namespace in their `handle.i18n`.
 */
export function FileUpload({ purpose, forOrg, label, onUploaded }: FileUploadProps) {
  const { t } = useTranslation(['files', 'errors']);
  const location = useLocation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const file = input.current?.files?.[0];
    setError(null);
    setDone(null);
    if (!file) return setError(t('files:upload.noFile'));
    if (file.size > MAX_UPLOAD_BYTES) return setError(t('errors:fileTooLarge'));

    const xhr = new XMLHttpRequest();
    xhr.open('POST', form.action);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      setProgress(null);
      const body = xhr.response as { file?: UploadedFile; error?: { message: string } } | null;
      if (xhr.status === 200 && body?.file) {
        setDone(t('files:upload.done', { filename: body.file.filename }));
        form.reset();
        onUploaded?.(body.file);
      } else {
        setError(body?.error?.message ?? t('files:uploadFailed'));
      }
    };
    xhr.onerror = () => {
      setProgress(null);
      setError(t('files:uploadFailed'));
    };
    setProgress(0);
    xhr.send(new FormData(form));
  }

  const accept = ACCEPT_BY_PURPOSE[purpose ?? 'ANY'];
  return (
    <form
      method="post"
      action="/resources/upload"
      encType="multipart/form-data"
      onSubmit={submit}
      className="flex flex-col gap-2"
      aria-busy={progress !== null}
    >
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {forOrg ? <input type="hidden" name="forOrg" value={forOrg} /> : null}
      {purpose ? <input type="hidden" name="purpose" value={purpose} /> : null}
      <label htmlFor={`${id}-file`} className="font-medium">
        {label ?? t('files:upload.label')}
      </label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        name="file"
        accept={accept}
        required
        aria-describedby={`${id}-hint`}
        aria-invalid={error ? true : undefined}
        aria-errormessage={error ? `${id}-error` : undefined}
        className="block text-sm"
      />
      <p id={`${id}-hint`} className="text-sm text-gray-600">
        {t('files:upload.hint')}
      </p>
      <button
        type="submit"
        disabled={progress !== null}
        className="self-start rounded bg-brand-dark px-4 py-2 text-white disabled:opacity-60"
      >
        {t('files:upload.submit')}
      </button>
      {progress !== null ? (
        <ProgressBar value={progress} className="flex flex-col gap-1">
          {({ percentage }) => (
            <>
              <Label className="sr-only">{t('files:upload.progressLabel')}</Label>
              <span className="text-sm">{t('files:upload.progress', { percent: Math.round(percentage ?? 0) })}</span>
              <div className="h-2 w-full overflow-hidden rounded bg-brand-grey">
                <div className="h-full bg-brand-green" style={{ width: `${percentage ?? 0}%` }} />
              </div>
            </>
          )}
        </ProgressBar>
      ) : null}
      <p role="alert" id={`${id}-error`} className="text-sm text-brand-red">
        {error}
      </p>
      <p role="status" className="text-sm">
        {done}
      </p>
    </form>
  );
}
