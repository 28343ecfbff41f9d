import { Form, useNavigation, useSubmit } from '@remix-run/react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPT_BY_PURPOSE } from '~/lib/file-limits';
import { Dialog, Modal } from '../ui/dialog';
import { FileField } from '../ui/field';
import { Spinner } from '../ui/spinner';
import { Button } from '../ui/button';
import { useHydrated } from '../ui/use-hydrated';

// react-easy-crop ships only to the contact page, and only once a picture has been chosen
const AvatarCropper = lazy(() => import('./avatar-cropper'));

export function Avatar({ url, name, size = 96 }: { url: string | null; name: string; size?: number }) {
  const { t } = useTranslation('auth');
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join('');
  if (url) {
    return <img src={url} alt={t('avatar.alt', { name })} width={size} height={size} className="rounded-full object-cover" style={{ width: size, height: size }} />;
  }
  return (
    <span
      role="img"
      aria-label={t('avatar.none')}
      className="flex items-center justify-center rounded-full bg-brand-dark text-2xl font-semibold text-white"
      style={{ width: size, height: size }}
    >
      {initials}
    </span>
  );
}

/**
 * The contact card's picture. Without JavaScript the file posts to the page action as it is; with JavaScript
 * the chosen picture is cropped to a square in the browser, exported as JPEG 0.6, uploaded to
 * /resources/upload (purpose IMAGE) and then set as the avatar (intent `avatar`). Both post to the page's own action,
 * or to `action` (with `redirectTo`, where to come back) when the field sits in a layout's dialog (the convention's
 * business card); that action answers them with `saveAvatar`.
 */
export function AvatarField({ url, name, action, redirectTo }: { url: string | null; name: string; action?: string; redirectTo?: string }) {
  const { t } = useTranslation('auth');
  const { t: te } = useTranslation('errors');
  const hydrated = useHydrated();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const submit = useSubmit();
  const navigation = useNavigation();
  const [source, setSource] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => void (source && URL.revokeObjectURL(source)), [source]);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!hydrated || !file) return;
    setError(null);
    setSource(URL.createObjectURL(file));
  }

  function close() {
    setSource(null);
    if (input.current) input.current.value = '';
  }

  async function upload(jpeg: Blob) {
    setUploading(true);
    setError(null);
    try {
      const body = new FormData();
      body.append('purpose', 'IMAGE');
      body.append('file', jpeg, 'avatar.jpg');
      const response = await fetch('/resources/upload', { method: 'POST', body, headers: { Accept: 'application/json' } });
      const result = (await response.json().catch(() => null)) as { file?: { id: string }; error?: { message: string } } | null;
      if (!response.ok || !result?.file) throw new Error(result?.error?.message ?? te('generic'));
      close();
      submit({ intent: 'avatar', avatarId: result.file.id, ...(redirectTo ? { redirectTo } : {}) }, { method: 'post', action });
    } catch {
      // spec 001 point 8: a failed avatar upload shows the generic error
      setError(te('generic'));
    } finally {
      setUploading(false);
    }
  }

  const busy = uploading || navigation.state !== 'idle';
  return (
    <div className="flex flex-wrap items-center gap-6">
      <Avatar url={url} name={name} />
      <Form method="post" action={action} encType="multipart/form-data" className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="avatar-file" />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FileField
          ref={input}
          id={inputId}
          label={t('avatar.choose')}
          hint={t('avatar.hint')}
          required
          accept={ACCEPT_BY_PURPOSE.IMAGE}
          onChange={choose}
          inputClassName="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-dark file:px-4 file:py-2 file:text-white"
        />
        {hydrated ? null : (
          <Button type="submit" variant="outline" className="self-start">
            {t('avatar.upload')}
          </Button>
        )}
        {busy && !source ? <Spinner size="small" /> : null}
        {error ? (
          <p role="alert" className="text-sm text-brand-red">
            {error}
          </p>
        ) : null}
      </Form>
      <Modal isOpen={source !== null} onOpenChange={(open) => (open ? undefined : close())} isDismissable={!uploading}>
        <Dialog title={t('avatar.cropTitle')}>
          <Suspense fallback={<Spinner />}>
            {source ? <AvatarCropper src={source} busy={uploading} onCancel={close} onCropped={upload} /> : null}
          </Suspense>
        </Dialog>
      </Modal>
    </div>
  );
}
