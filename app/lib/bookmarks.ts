/**
 * The fields of a bookmark toggle's form (issue 27: a stand's mark, a content page's like), shared by the toggle
 * (components/visitor/bookmark-toggle.tsx) and its action (server/pages/bookmarks.server.ts).
 */
export const BOOKMARK_FIELDS = {
  /** 'true' sets the bookmark, 'false' clears it */
  value: 'bookmark',
  /** where the no-JavaScript answer returns to (a path of this site; the safe-path function checks it) */
  back: 'back',
  /** 'fetcher': posted by the toggle with JavaScript, which wants data, not a redirect */
  via: 'via',
} as const;

/** What the action answers the toggle's fetcher. */
export interface BookmarkAnswer {
  pressed: boolean;
  error: string | null;
}

/** Where the stand page asks for the viewer's own mark (the page itself is shared; app/routes/resources.stand-mark.tsx). */
export const STAND_MARK_STATE_PATH = '/resources/stand-mark';

/** Its answer: null for a visitor without a login. */
export interface StandMarkState {
  pressed: boolean | null;
}
