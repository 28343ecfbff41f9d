import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { useHydrated } from '~/components/ui/use-hydrated';

/**
 * A link to share: always shown in a read-only field (copy by hand without JavaScript); with JavaScript a button
 * puts it on the clipboard and a status line says whether that worked.
 */
export function CopyLink({ link, label }: { link: string; label: string }) {
  const { t } = useTranslation('appointments');
  const hydrated = useHydrated();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setStatus({ ok: true, text: t('console.linkCopied') });
    } catch {
      setStatus({ ok: false, text: t('console.copyFailed') });
    }
  }
  return (
    <div className="mt-3 flex flex-col gap-2">
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{label}</span>
        <input readOnly value={link} className="w-full max-w-xl rounded border px-2 py-1" onFocus={(event) => event.currentTarget.select()} />
      </label>
      {hydrated ? (
        <Button variant="whiteModal" className="self-start" onPress={() => void copy()}>
          {t('console.copyLink')}
        </Button>
      ) : null}
      <p role="status" className={`text-sm ${status?.ok === false ? 'text-brand-red' : 'text-gray-700'}`}>
        {status?.text ?? ''}
      </p>
    </div>
  );
}
