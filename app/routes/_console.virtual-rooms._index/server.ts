import type { RequestContext } from '~/server/request-context.server';
import { data } from '@remix-run/node';
import { confirmedListAction, intentOf, submitForm } from '~/server/route-kit.server';
import { readForm } from '~/server/posted-form.server';
import { isDomainError } from '~/server/services/errors';
import { createRoom, deleteRoom, listRooms, updateRoom, virtualRoomSlug } from '~/server/services/virtual-rooms/rooms';
import { redirectWithToast } from '~/server/toast.server';
import { visitorRoomPath } from '~/lib/virtual-rooms/editor';
import { AccessRoomForm, CreateRoomForm, DeleteRoomForm, HERE, LinkRoomForm, RenameRoomForm, RoomListIntents } from './forms';

export const PAGE_SIZE = 50;

/** The site's own origin for the links sales reps share: PUBLIC_URL, else the local server. */
export function siteOrigin(context: RequestContext): string {
  const env = context.service.app.env;
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
}

/** The page's rows: the organisation's rooms, a page of them, with the link to share. */
export async function roomListData(context: RequestContext, request: Request) {
  const ctx = context.service;
  const offset = Math.max(0, Math.floor(Number(new URL(request.url).searchParams.get('offset')) || 0));
  const rooms = await listRooms(ctx);
  const origin = siteOrigin(context);
  return {
    offset,
    pageSize: PAGE_SIZE,
    hasNextPage: rooms.length > offset + PAGE_SIZE,
    rooms: rooms.slice(offset, offset + PAGE_SIZE).map((room) => ({
      id: room.id,
      slug: room.slug,
      name: room.name,
      accessType: room.accessType,
      panoCount: room.panoCount,
      setupComplete: room.panoCount > 0 && room.initialView !== null,
      link: `${origin}${visitorRoomPath(room.slug)}`,
    })),
  };
}

/** The list's actions: create (then into the editor), rename, access, delete after confirming, the link without JS. */
export async function roomListAction(context: RequestContext, request: Request) {
  const ctx = context.service;
  const formData = await readForm(request);
  const { intent } = intentOf(formData, RoomListIntents);
  switch (intent) {
    case 'create': {
      const done = await submitForm(context, formData, 'create', CreateRoomForm, (value) => createRoom(ctx, { name: value.name, accessType: value.accessType }));
      if (!done.ok) return done.answer;
      return redirectWithToast(`${HERE}/${encodeURIComponent(done.value.slug)}`, { type: 'success', key: 'roomseditor:messages.created', values: { name: done.value.name } });
    }
    case 'rename': {
      const done = await submitForm(context, formData, `rename-${String(formData.get('id') ?? '')}`, RenameRoomForm, (value) => updateRoom(ctx, value.id, { name: value.name }));
      if (!done.ok) return done.answer;
      return redirectWithToast(HERE, { type: 'success', key: 'roomseditor:messages.renamed' });
    }
    case 'access': {
      const done = await submitForm(context, formData, `access-${String(formData.get('id') ?? '')}`, AccessRoomForm, (value) => updateRoom(ctx, value.id, { accessType: value.accessType }));
      if (!done.ok) return done.answer;
      return redirectWithToast(HERE, { type: 'success', key: 'roomseditor:messages.accessSaved' });
    }
    case 'delete': {
      const parsed = DeleteRoomForm.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response('Bad Request', { status: 400 });
      return confirmedListAction(formData, HERE, () => deleteRoom(ctx, parsed.data.id), { key: 'roomseditor:messages.deleted', values: { name: parsed.data.name ?? '' } });
    }
    case 'link': {
      const parsed = LinkRoomForm.safeParse(Object.fromEntries(formData));
      if (!parsed.success) throw new Response('Bad Request', { status: 400 });
      try {
        const slug = await virtualRoomSlug(ctx, parsed.data.id);
        return data({ form: `link-${parsed.data.id}`, link: `${siteOrigin(context)}${visitorRoomPath(slug)}` });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return redirectWithToast(HERE, { type: 'error', key: 'roomseditor:messages.linkNotGenerated' });
      }
    }
  }
}
