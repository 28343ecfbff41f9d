import { Form } from '@remix-run/react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '~/components/ui/button';
import { useHydrated } from '~/components/ui/use-hydrated';
import { ACCEPT_BY_PURPOSE } from '~/lib/file-limits';
import { UploadProblem, uploadWithProgress } from '~/lib/upload';
import { UploadInput } from './upload-input';

/**
 * A panorama picture form (new panorama, or a new picture for one). Without JavaScript the file goes with the form
 * (multipart) and the action stores it. With JavaScript it is uploaded first, with a progress bar, and the form
 * then posts only the stored file's id; the action's answer (the 2:1 ratio message ...) shows under the field.
 */
export function PanoFileForm({
  intent,
  id,
  label,
  submit,
  error,
  children,
}: {
  intent: 'uploadPano' | 'replacePano';
  /** the pano a replacement is for */
  id?: string;
  label: string;
  submit: string;
  /** the action's error for this form */
  error?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('roomseditor');
  const hydrated = useHydrated();
  const inputId = useId();
  const form = useRef<HTMLFormElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [fileId, setFileId] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const shown = problem || error || '';

  async function send(event: FormEvent<HTMLFormElement>) {
    const file = input.current?.files?.[0];
    if (!hydrated || !file || fileId) return;
    event.preventDefault();
    setProblem('');
    setProgress(0);
    try {
      const stored = await uploadWithProgress(file, file.name, 'IMAGE', setProgress);
      if (input.current) input.current.value = '';
      flushSync(() => {
        setFileId(stored.id);
        setProgress(null);
      });
      // the stored file's id is in the form now: post it (the action checks the 2:1 ratio)
      form.current?.requestSubmit();
    } catch (failure) {
      const message = failure instanceof UploadProblem ? failure.message || (failure.code === 'FILE_TOO_LARGE' ? t('errors:fileTooLarge') : '') : '';
      setProblem(message || t('messages.uploadFailed'));
      setProgress(null);
    }
  }

  return (
    <Form
      ref={form}
      method="post"
      encType="multipart/form-data"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => void send(event)}
      data-form={id ? `${intent}-${id}` : intent}
    >
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <input type="hidden" name="fileId" value={fileId} />
      {children}
      <div className="flex flex-col gap-1">
        <UploadInput
          id={inputId}
          inputRef={input}
          label={label}
          labelClassName="text-sm font-medium"
          accept={ACCEPT_BY_PURPOSE.IMAGE}
          required={!fileId}
          invalid={Boolean(shown)}
          progress={progress}
          problem={shown}
          onChange={() => {
            setFileId('');
            setProblem('');
          }}
        />
      </div>
      <button type="submit" disabled={progress !== null} className={buttonClassName('whiteModal')}>
        {submit}
      </button>
    </Form>
  );
}
