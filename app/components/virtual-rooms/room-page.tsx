import type { MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useRouteError } from '@remix-run/react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LanguageSwitch } from '~/components/layout/language-switch';
import { SkipLink } from '~/components/visitor/thumbnail-card';
import type { Language } from '~/lib/language';
import { REMEMBERED_ROOM_KEY } from '~/lib/virtual-rooms/remembered';
import type { RoomView } from '~/lib/virtual-rooms/view';
import { RoomViewer } from './room-viewer';

/** The loader data every visitor room page shares (app/server/pages/virtual-room.server.ts RoomPageData). */
export interface RoomPageProps {
  room: RoomView | null;
  error: 'TIMEOUT' | 'LOAD' | null;
  language: Language;
  path: string;
  panoId: string | null;
  step: number | null;
}

export const ROOM_NAMESPACES = ['common', 'errors', 'visitor', 'roomsviewer'] as const;

/** The room, or the spec's timeout / load-error text when its data could not be read. */
export function RoomPageBody({ room, error, language, panoId, step }: RoomPageProps) {
  const { t } = useTranslation('roomsviewer');
  if (!room) {
    return (
      <p role="alert" className="rounded-lg bg-white p-6 shadow-sm" data-room-error={error ?? 'LOAD'}>
        {error === 'TIMEOUT' ? t('viewer.timeout') : t('viewer.loadError')}
      </p>
    );
  }
  return <RoomViewer room={room} lang={language.toLowerCase()} mode="visit" initialPanoId={panoId ?? undefined} listStep={step ?? undefined} />;
}

/** The title of a room on a page of its own: the room's and its organisation's name. */
export const standaloneRoomMeta: MetaFunction<() => Promise<RoomPageProps>> = ({ data }) => [
  { title: [data?.room?.name, data?.room?.organizationName].filter(Boolean).join(' · ') },
];

/**
 * `/virtual-room/{slug}` and `/standalone-room/{slug}`: the room on a page of its own (no convention around it):
 * its name and organisation, the language switch, the viewer. `remember` stores the path under the local storage
 * key `virtualroom` (spec 001 point 9), so `/` leads the visitor back to it.
 */
export function StandaloneRoomPage(props: RoomPageProps & { remember?: boolean }) {
  const { t } = useTranslation('roomsviewer');
  const { room, language, path, remember = false } = props;
  useEffect(() => {
    if (!remember || !room) return;
    try {
      window.localStorage.setItem(REMEMBERED_ROOM_KEY, path);
    } catch {
      // storage disabled (private mode): the room is simply not remembered
    }
  }, [remember, room, path]);
  return (
    <div className="min-h-screen bg-[#f7f7f7] text-gray-900">
      <SkipLink />
      <header className="border-b bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 lg:px-8">
          <h1 className="min-w-0 truncate text-lg font-semibold text-brand-dark">{room?.name ?? t('viewer.loadError')}</h1>
          {room?.organizationName ? <p className="text-sm text-gray-700">{room.organizationName}</p> : null}
          <div className="ml-auto">
            <LanguageSwitch current={language} plain />
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl p-4 outline-none lg:p-8">
        <RoomPageBody {...props} />
      </main>
    </div>
  );
}

/** A 404 of a room route is the room's (the guard's NOT_FOUND or loadRoomPage's): the spec's "room not found". */
function isRoomNotFound(error: unknown): boolean {
  return isRouteErrorResponse(error) && error.status === 404;
}

/** A room page's error boundary: the spec's "room not found" for a missing room, the general page otherwise. */
export function RoomErrorBoundary({ wrap = (children) => children }: { wrap?: (children: ReactNode) => ReactNode }) {
  const error = useRouteError();
  const { t } = useTranslation('roomsviewer');
  if (isRoomNotFound(error)) {
    return (
      <>
        {wrap(
          <main id="main" className="mx-auto max-w-3xl p-6">
            <h1 className="text-2xl font-semibold text-brand-dark" data-room-not-found>
              {t('viewer.notFound')}
            </h1>
          </main>,
        )}
      </>
    );
  }
  return <GeneralErrorBoundary error={error} />;
}
