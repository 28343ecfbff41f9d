import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { BOOKMARK_FIELDS, type BookmarkAnswer } from '~/lib/bookmarks';
import { useHydrated } from '~/components/ui/use-hydrated';

/**
 * A bookmark toggle (issue 27: mark a stand, like a content page; the visitor's hub lists them): a plain form posting
 * to `action` without JavaScript (its answer redirects back to `back` with a toast), a fetcher with JavaScript that
 * shows the new state at once (aria-pressed) and goes back to the saved one when the server refuses (the reason is
 * announced). The label stays the same; the pressed state is what changes.
 */
export function BookmarkToggle({ action, back, pressed, label, className = '' }: { action: string; back: string; pressed: boolean; label: string; className?: string }) {
  const { t } = useTranslation('visitor');
  const fetcher = useFetcher<BookmarkAnswer>();
  const hydrated = useHydrated();
  const posted = fetcher.formData?.get(BOOKMARK_FIELDS.value);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const shown = posted != null ? posted === 'true' : answer ? answer.pressed : pressed;
  return (
    <fetcher.Form method="post" action={action} className={className}>
      <input type="hidden" name={BOOKMARK_FIELDS.value} value={shown ? 'false' : 'true'} />
      <input type="hidden" name={BOOKMARK_FIELDS.back} value={back} />
      {hydrated ? <input type="hidden" name={BOOKMARK_FIELDS.via} value="fetcher" /> : null}
      <button
        type="submit"
        aria-pressed={shown}
        data-bookmark-toggle
        className={`inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium ${
          shown ? 'border-brand-dark bg-brand-dark text-white' : 'border-gray-400 bg-white text-gray-900 hover:bg-gray-100'
        }`}
      >
        <span aria-hidden="true">{shown ? '★' : '☆'}</span>
        {label}
      </button>
      <span role="status" className="sr-only">
        {answer?.error ?? (answer ? t(answer.pressed ? 'bookmarks.saved' : 'bookmarks.removed') : '')}
      </span>
    </fetcher.Form>
  );
}
