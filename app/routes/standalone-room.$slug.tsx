import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ROOM_NAMESPACES, RoomErrorBoundary, StandaloneRoomPage } from '~/components/virtual-rooms/room-page';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { loadRoomPage } from '~/server/pages/virtual-room.server';
import { recordSalesHubVisitOf } from '~/server/services/virtual-rooms/lead-visit';
import { roomForVisitor } from '~/server/services/virtual-rooms/visit';

export const handle = { i18n: [...ROOM_NAMESPACES] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: [data?.room?.name, data?.room?.organizationName].filter(Boolean).join(' · ') }];

/** Public route; the room's access type (PUBLIC, LOGGED_IN, TOKEN) is checked first: /login?next or /token?next. */
export const guards = defineGuards({ public: true, permission: { kind: 'virtualRoom', param: 'slug' } });

/** /standalone-room/{slug}: a room on its own page, remembered in local storage (`virtualroom`) so `/` leads back to it (spec 000 point 2). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const url = new URL(request.url);
  const path = url.pathname;
  const page = await loadRoomPage(context, request, () => roomForVisitor(context.service, params.slug ?? '', context.language, { loginNext: path }));
  // a room a sales rep shared with a lead (?lead={leadslug}): the visit becomes a SALESHUB_LINK track
  await recordSalesHubVisitOf(context.service, url, page.room);
  return page;
}

export default function RoomPage() {
  return <StandaloneRoomPage {...useLoaderData<typeof loader>()} remember />;
}

export function ErrorBoundary() {
  return <RoomErrorBoundary />;
}
