import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useParams } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ROOM_NAMESPACES, RoomErrorBoundary, RoomPageBody } from '~/components/virtual-rooms/room-page';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { loadRoomPage } from '~/server/pages/virtual-room.server';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { standVisit } from '~/server/services/events/visit';
import { roomOfReferencePoint } from '~/server/services/virtual-rooms/visit';

export const handle = { i18n: [...ROOM_NAMESPACES, 'events'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.room?.name ?? '' }];

/** The stand's checks (convention, hall, stand); then the room's own access type (/login?next or /token?next). */
export const guards = defineGuards({ public: true, permission: { kind: 'conventionStand', param: 'standslug' } });

/**
 * /convention/{c}/hall/{h}/stand/{s}/vr/{rpslug} (spec 000 point 2): the virtual room a reference point of the stand
 * names (points.virtual_room_id), shown in the stand page; 404 with "room not found" when the point names none.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { conventionslug, hallslug, standslug } = paramsOf(params, 'conventionslug', 'hallslug', 'standslug');
  const { stand } = await orNotFound(
    standVisit(context.service, { conventionSlug: conventionslug, hallSlug: hallslug, standSlug: standslug, previewSlug: null }),
  );
  // logging in (an info point for logged-in visitors) returns to this stand path, not to /virtual-room/{slug}
  const loginNext = new URL(request.url).pathname;
  const { rpslug } = paramsOf(params, 'rpslug');
  return loadRoomPage(context, request, () => roomOfReferencePoint(context.service, stand.id, rpslug, context.language, { loginNext }));
}

export default function StandVirtualRoom() {
  const data = useLoaderData<typeof loader>();
  const params = useParams();
  const { t } = useTranslation('visitor');
  const standHref = `/convention/${params.conventionslug}/hall/${params.hallslug}/stand/${params.standslug}`;
  return (
    <section aria-labelledby="stand-room-title" className="mt-6 space-y-3" data-stand-room>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="stand-room-title" className="text-xl font-semibold text-brand-dark">
          {data.room?.name}
        </h2>
        <Link to={standHref} className="text-sm text-brand-dark underline underline-offset-2">
          {t('dialog.close')}
        </Link>
      </div>
      <RoomPageBody {...data} />
    </section>
  );
}

export function ErrorBoundary() {
  return <RoomErrorBoundary />;
}
