import { useFetcher } from '@remix-run/react';
import type { FormEvent } from 'react';
import { BOOKMARK_FIELDS, type BookmarkAnswer } from '~/lib/bookmarks';

/**
 * A bookmark toggle (issue 27: mark a stand, like a content page; the visitor's hub lists them): a plain form posting
 * to `action` without JavaScript (its answer redirects back to `back` with a toast); with JavaScript a fetcher posts
 * it (marked `via`, so the action answers with data), the new state shows at once (aria-pressed) and the saved one
 * comes back when the server refuses, with its reason announced. The label stays the same; the pressed state changes.
 * `pressed` null: the state is not known yet (a shared page; see StandMarkToggle), so the button sets the bookmark.
 * Light on purpose: the content page has a JavaScript budget of its own.
 */
export function BookmarkToggle({ action, back, pressed, label, className = '' }: { action: string; back: string; pressed: boolean | null; label: string; className?: string }) {
  const fetcher = useFetcher<BookmarkAnswer>();
  const posted = fetcher.formData?.get(BOOKMARK_FIELDS.value);
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const shown = posted != null ? posted === 'true' : answer ? answer.pressed : pressed;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.set(BOOKMARK_FIELDS.via, 'fetcher');
    fetcher.submit(form, { method: 'post', action });
  };
  return (
    <form method="post" action={action} className={className} onSubmit={submit}>
      <input type="hidden" name={BOOKMARK_FIELDS.value} value={shown ? 'false' : 'true'} />
      <input type="hidden" name={BOOKMARK_FIELDS.back} value={back} />
      <button
        type="submit"
        aria-pressed={shown ?? undefined}
        className={`rounded-md border border-brand-dark px-3 py-1.5 text-sm font-medium ${shown ? 'bg-brand-dark text-white' : 'bg-white text-brand-dark'}`}
      >
        <span aria-hidden="true">{shown ? '★ ' : '☆ '}</span>
        {label}
      </button>
      <span role="status" className="sr-only">
        {answer?.error}
      </span>
    </form>
  );
}
