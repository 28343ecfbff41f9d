/**
 * `/standalone-room/{slug}` is remembered in local storage (spec 001 point 9, key `virtualroom`) and `/` takes the
 * visitor back to it (spec 000 point 2). Browser-safe and tiny: the login page that `/` sends a logged-out visitor
 * to runs REMEMBERED_ROOM_SCRIPT inline (before any bundle loads) and useRememberedRoomRedirect after client-side
 * navigations; neither loads three.js.
 */
export const REMEMBERED_ROOM_KEY = 'virtualroom';

/** Only a standalone room's own path is followed (a value someone else put there cannot send the visitor away). */
export const REMEMBERED_ROOM_PATTERN = /^\/standalone-room\/[a-z0-9][a-z0-9-]{0,119}$/;

export function isRememberedRoomPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && REMEMBERED_ROOM_PATTERN.test(value);
}

/** The inline script: replaces the page with the remembered room, if there is one. */
export const REMEMBERED_ROOM_SCRIPT = `try{var r=localStorage.getItem(${JSON.stringify(REMEMBERED_ROOM_KEY)});if(r&&${REMEMBERED_ROOM_PATTERN.toString()}.test(r))location.replace(r)}catch(e){}`;
