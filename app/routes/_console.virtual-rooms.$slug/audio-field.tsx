import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { useHydrated } from '~/components/ui/use-hydrated';
import { ACCEPT_BY_PURPOSE } from '~/lib/file-limits';
import { UploadProblem, uploadWithProgress } from '~/lib/upload';
import { UploadInput } from './upload-input';

/** Containers the browser may record in, best first; the files service takes webm, ogg and mp4 audio. */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

function recordingType(): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}

const extensionOf = (type: string) => (type.includes('ogg') ? 'ogg' : type.includes('mp4') ? 'm4a' : 'webm');

/**
 * A tour step's audio: record it (MediaRecorder) or choose a file. With JavaScript either is uploaded at once with a
 * progress bar and the form posts the stored id (`fileId`); without it the file goes with the form. A recording the
 * browser cannot produce in a format we store shows "file conversion failed" with the hint to use Chrome.
 */
export function AudioField({ currentUrl, error }: { currentUrl?: string | null; /** the action's error about the posted file */ error?: string }) {
  const { t } = useTranslation('roomseditor');
  const hydrated = useHydrated();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const [fileId, setFileId] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const [recording, setRecording] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState('');

  useEffect(() => () => recorder.current?.stream.getTracks().forEach((track) => track.stop()), []);

  async function store(blob: Blob, filename: string, fromRecording: boolean) {
    setProblem('');
    setProgress(0);
    try {
      const stored = await uploadWithProgress(blob, filename, 'MEDIA', setProgress);
      setFileId(stored.id);
      setPreview(stored.url);
      if (input.current) input.current.value = '';
      return true;
    } catch (failure) {
      const code = failure instanceof UploadProblem ? failure.code : null;
      if (fromRecording && (code === 'FILE_TYPE_NOT_ALLOWED' || code === 'INVALID')) setProblem(t('messages.fileConversionFailed'));
      else setProblem((failure instanceof UploadProblem && failure.message) || (code === 'FILE_TOO_LARGE' ? t('errors:fileTooLarge') : t('messages.uploadFailed')));
      return false;
    } finally {
      setProgress(null);
    }
  }

  async function startRecording() {
    const type = recordingType();
    if (!type || !navigator.mediaDevices?.getUserMedia) {
      setProblem(t('messages.fileConversionFailed'));
      return;
    }
    setProblem('');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const chunks: Blob[] = [];
      const started = Date.now();
      const media = new MediaRecorder(stream, { mimeType: type });
      media.ondataavailable = (event) => {
        if (event.data.size) chunks.push(event.data);
      };
      media.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        const blob = new Blob(chunks, { type: type.split(';')[0] });
        if (!blob.size) {
          setProblem(t('messages.fileConversionFailed'));
          return;
        }
        void store(blob, `recording.${extensionOf(type)}`, true).then((ok) => {
          if (ok) setStatus(t('editor.recorded', { seconds: Math.max(1, Math.round((Date.now() - started) / 1000)) }));
        });
      };
      media.onerror = () => setProblem(t('messages.fileConversionFailed'));
      recorder.current = media;
      media.start();
      setRecording(true);
      setStatus(t('editor.recording'));
    } catch {
      setProblem(t('messages.fileConversionFailed'));
    }
  }

  function stopRecording() {
    setRecording(false);
    setStatus('');
    if (recorder.current?.state === 'recording') recorder.current.stop();
    recorder.current = null;
  }

  const url = preview ?? currentUrl ?? null;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">{t('editor.audio')}</legend>
      <input type="hidden" name="fileId" value={fileId} />
      {url ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- the step's text is its transcript
        <audio controls src={url} className="w-72" data-step-audio />
      ) : null}
      {hydrated ? (
        <div className="flex gap-2">
          {recording ? (
            <Button variant="whiteModal" onPress={stopRecording}>
              {t('editor.stopRecording')}
            </Button>
          ) : (
            <Button variant="whiteModal" onPress={() => void startRecording()} isDisabled={progress !== null}>
              {t('editor.record')}
            </Button>
          )}
        </div>
      ) : null}
      <UploadInput
        id={inputId}
        inputRef={input}
        label={t('editor.audioFile')}
        labelClassName="text-sm"
        accept={ACCEPT_BY_PURPOSE.MEDIA}
        progress={progress}
        status={status}
        problem={problem || error || ''}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (hydrated && file) void store(file, file.name, false);
        }}
        problemMark="data-audio-error"
      />
    </fieldset>
  );
}
