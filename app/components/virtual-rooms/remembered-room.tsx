import { useEffect } from 'react';
import { useNonce } from '~/lib/nonce';
import { REMEMBERED_ROOM_KEY, REMEMBERED_ROOM_SCRIPT, isRememberedRoomPath } from '~/lib/virtual-rooms/remembered';

/**
 * Takes a visitor who asked for `/` back to the standalone room they visited last (local storage `virtualroom`,
 * spec 000 point 2). Rendered by the page `/` leads a logged-out visitor to (the login with next=/): the inline
 * script acts on a full page load before any bundle, the effect after a client-side navigation. A tiny module:
 * no three.js, no viewer.
 */
export function RememberedRoomRedirect() {
  const nonce = useNonce();
  useEffect(() => {
    try {
      const path = window.localStorage.getItem(REMEMBERED_ROOM_KEY);
      if (isRememberedRoomPath(path)) window.location.replace(path);
    } catch {
      // storage disabled: nothing remembered
    }
  }, []);
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: REMEMBERED_ROOM_SCRIPT }} />;
}
