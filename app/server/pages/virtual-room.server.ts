import { data, redirect } from '@remix-run/node';
import type { RoomView } from '~/lib/virtual-rooms/view';
import { targetPath, withNext } from '~/server/guards.server';
import type { RequestContext } from '~/server/request-context.server';
import { isDomainError } from '~/server/services/errors';
import { recordSalesHubVisitOf } from '~/server/services/virtual-rooms/lead-visit';
import { roomViewForVisitor } from '~/server/services/virtual-rooms/visit';

/** How long a visitor's page waits for the room data before it shows the spec's fetch-timeout text. */
export const ROOM_FETCH_TIMEOUT_MS = 10_000;

export type RoomLoadError = 'TIMEOUT' | 'LOAD';

/** What a room page's loader hands its component: the room, or why it could not be read (the page still renders). */
export interface RoomPageData {
  room: RoomView | null;
  error: RoomLoadError | null;
  language: 'DE' | 'EN';
  /** the page's own path (the language switch, ?pano= links) */
  path: string;
  /** `?pano=` and `?step=` (the no-JS list view's links) */
  panoId: string | null;
  step: number | null;
}

const TIMED_OUT = Symbol('timeout');

/** 404 data a room page's error boundary reads to show "room not found". */
export interface RoomNotFoundData {
  roomNotFound: true;
}

/**
 * Runs a room read for a visitor page (issue 17): NOT_FOUND becomes the 404 with the spec's "room not found" text,
 * PERMISSION_DENIED the redirect to /login?next or /token?next (like the guards, for reads that happen after them),
 * a read slower than ROOM_FETCH_TIMEOUT_MS or any other failure a page with the spec's timeout or load-error
 * text: nothing of it ends in a 500. With `missing: 'null'` no room is no error (a convention without one shows its
 * other navigation): room and error are both null.
 */
export async function loadRoomPage(
  context: RequestContext,
  request: Request,
  read: () => Promise<RoomView | null>,
  { timeoutMs = ROOM_FETCH_TIMEOUT_MS, missing = 'notFound' }: { timeoutMs?: number; missing?: 'notFound' | 'null' } = {},
): Promise<RoomPageData> {
  const url = new URL(request.url);
  const stepParam = Number(url.searchParams.get('step'));
  const base = {
    language: context.language,
    path: url.pathname,
    panoId: url.searchParams.get('pano')?.slice(0, 64) || null,
    step: Number.isInteger(stepParam) && stepParam > 0 && stepParam < 1000 ? stepParam : null,
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let room: RoomView | null | typeof TIMED_OUT;
  try {
    room = await Promise.race([
      read(),
      new Promise<typeof TIMED_OUT>((resolve) => {
        timer = setTimeout(() => resolve(TIMED_OUT), timeoutMs);
      }),
    ]);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isDomainError(error) && error.code === 'PERMISSION_DENIED') throw redirect(withNext(context.viewer ? '/token' : '/login', targetPath(request)));
    if (isDomainError(error) && error.code === 'NOT_FOUND') room = null;
    else {
      console.error('virtual room: loading the room failed', error);
      return { ...base, room: null, error: 'LOAD' };
    }
  } finally {
    if (timer) clearTimeout(timer);
  }
  if (room === TIMED_OUT) return { ...base, room: null, error: 'TIMEOUT' };
  if (!room && missing === 'null') return { ...base, room: null, error: null };
  if (!room) throw data<RoomNotFoundData>({ roomNotFound: true }, { status: 404 });
  return { ...base, room, error: null };
}

/**
 * A room on a page of its own (`/virtual-room/{slug}`, `/standalone-room/{slug}`): the visitor's read of the room
 * (logging in returns to this path); a room a sales rep shared with a lead (`?lead={leadslug}`) records the visit as
 * a SALESHUB_LINK track.
 */
export async function loadStandaloneRoom(context: RequestContext, request: Request, room: Parameters<typeof roomViewForVisitor>[1]): Promise<RoomPageData> {
  const url = new URL(request.url);
  const page = await loadRoomPage(context, request, () => roomViewForVisitor(context.service, room, context.language, { loginNext: url.pathname }));
  await recordSalesHubVisitOf(context.service, url, page.room);
  return page;
}
