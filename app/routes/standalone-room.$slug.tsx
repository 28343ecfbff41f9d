import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ROOM_NAMESPACES, RoomErrorBoundary, StandaloneRoomPage, standaloneRoomMeta } from '~/components/virtual-rooms/room-page';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { loadStandaloneRoom } from '~/server/pages/virtual-room.server';

export const handle = { i18n: [...ROOM_NAMESPACES] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta = standaloneRoomMeta;

/** Public route; the room's access type (PUBLIC, LOGGED_IN, TOKEN) is checked first: /login?next or /token?next. */
export const guards = defineGuards({ public: true, permission: { kind: 'virtualRoom', param: 'slug' } });

/** /standalone-room/{slug}: a room on its own page, remembered in local storage (`virtualroom`) so `/` leads back to it (spec 000 point 2). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // the guard loaded the room (and checked its access type); the page builds on it
  const { object: room } = await runGuards({ request, context, params }, guards);
  return loadStandaloneRoom(context, request, room);
}

export default function RoomPage() {
  return <StandaloneRoomPage {...useLoaderData<typeof loader>()} remember />;
}

export function ErrorBoundary() {
  return <RoomErrorBoundary />;
}
