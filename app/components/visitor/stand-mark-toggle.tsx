import { useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import { BookmarkToggle } from './bookmark-toggle';
import { STAND_MARK_STATE_PATH, type StandMarkState } from '~/lib/bookmarks';

/**
 * The stand page's mark toggle (issue 27). The stand page is shared by the visitors of one audience (issue 26), so
 * it usually comes without the viewer's own mark (`marked` null): the browser then asks for it once
 * (/resources/stand-mark) and the toggle shows it when it arrives. Until then, and without JavaScript, the button
 * sets the mark.
 */
export function StandMarkToggle({ hallStandId, marked, ...toggle }: { hallStandId: string; marked: boolean | null; action: string; back: string; label: string; className?: string }) {
  const state = useFetcher<StandMarkState>();
  const { load } = state;
  useEffect(() => {
    if (marked === null) load(`${STAND_MARK_STATE_PATH}?id=${encodeURIComponent(hallStandId)}`);
  }, [marked, hallStandId, load]);
  return <BookmarkToggle {...toggle} pressed={marked ?? state.data?.pressed ?? null} />;
}
