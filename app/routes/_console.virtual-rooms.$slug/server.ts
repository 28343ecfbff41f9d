import { z } from 'zod';
import { anglesFromDegrees, DEFAULT_FOCAL_LENGTH, directionOfPoint, pointFromDirection, visitorRoomPath } from '~/lib/virtual-rooms/editor';
import { itemTextsForForm, itemTextsFromForm } from '~/lib/schemas/item-texts';
import type { RoomViewAngles } from '~/lib/virtual-rooms/view';
import { readFormWithFile } from '~/server/posted-form.server';
import { accessAction, accessData, type AccessTarget } from '~/server/pages/access.server';
import type { RequestContext } from '~/server/request-context.server';
import { answer, confirmationStep, intentOf, orNotFound, submitForm } from '~/server/route-kit.server';
import { isDomainError, type DomainError } from '~/server/services/errors';
import { uploadFile } from '~/server/services/files/files.server';
import { createPano, deletePano, resetPanoInitialView, setPanoInitialView, updatePano } from '~/server/services/virtual-rooms/panos';
import { createInfoPoint, createNavPoint, deleteInfoPoint, deleteNavPoint, setInfoPointTranslations } from '~/server/services/virtual-rooms/points';
import { roomForEditor, updateRoom } from '~/server/services/virtual-rooms/rooms';
import { createTourStep, deleteTourStep, moveTourStep, updateTourStep } from '~/server/services/virtual-rooms/tour';
import type { RoomEditorData } from '~/server/services/virtual-rooms/types';
import { redirectWithToast } from '~/server/toast.server';
import {
  DeleteForm,
  editorPath,
  TOUR_ANCHOR,
  EDITOR_INTENTS,
  FILE_INTENTS,
  InfoPointForm,
  InfoTextsForm,
  MoveStepForm,
  ReorderStepsForm,
  NavPointForm,
  navDestination,
  RenamePanoForm,
  ReplacePanoForm,
  SettingsForm,
  StepForm,
  UpdateStepForm,
  UploadPanoForm,
  ViewForm,
  type EditorIntent,
} from './forms';

const Intents = z.object({ intent: z.enum(EDITOR_INTENTS) });


/** The page's data: the room of the current organisation (404 otherwise), its panos, points, tour and pickers. */
/** The room as the access sections manage it (keys and people; issue 25: every protected kind has them). */
const accessTarget = (context: RequestContext, data: RoomEditorData): AccessTarget => ({
  kind: 'room',
  id: data.room.id,
  organization_id: context.viewer!.organization!.id,
});

export async function editorData(context: RequestContext, request: Request, slug: string) {
  const data: RoomEditorData = await orNotFound(roomForEditor(context.service, slug));
  const access = await accessData(context, accessTarget(context, data));
  const wanted = new URL(request.url).searchParams.get('pano');
  const panos = data.view.panos;
  const selected = panos.find((pano) => pano.id === wanted) ?? panos.find((pano) => pano.id === data.room.initialPanoId) ?? panos[0] ?? null;
  return {
    room: data.room,
    view: data.view,
    selectedPanoId: selected?.id ?? null,
    panos: data.panos.map((pano) => {
      const view = panos.find((p) => p.id === pano.id);
      return {
        ...pano,
        poster: view?.picture.poster ?? null,
        initialView: view?.initialView ?? null,
        navPoints: (view?.navPoints ?? []).map((point) => ({ id: point.id, name: point.name, ...directionOfPoint(point) })),
        infoPoints: (view?.infoPoints ?? []).map((point) => {
          const own = data.texts.infoPoints.find((p) => p.id === point.id);
          // an embedded page's title per language (a point that opens a content page takes the page's texts)
          return { id: point.id, name: point.name, ...directionOfPoint(point), texts: own ? itemTextsForForm(own.translations) : null };
        }),
      };
    }),
    steps: data.view.tourSteps.map((step) => {
      // the list shows the step in the editor's language; its form edits the step's own texts and each language's
      const own = data.texts.steps.find((s) => s.id === step.id);
      return { ...step, own: { title: own?.title ?? step.title, text: own?.text ?? step.text }, texts: itemTextsForForm(own?.translations ?? []) };
    }),
    destinations: data.destinations,
    icons: data.icons,
    previewHref: visitorRoomPath(data.room.slug),
    access,
  };
}

export interface EditorPost {
  formData: FormData;
  /** why storing the posted file failed (too large, wrong type ...), in the user's language */
  failure: DomainError | null;
}

/**
 * Reads the page's post. Forms with a file (a panorama, a step's audio) post as multipart with `intent` before the
 * file field `file`, stored through the files service (without JavaScript; with it the file went to
 * /resources/upload with a progress bar already and only its id `fileId` is posted).
 */
export async function readEditorPost(request: Request, context: RequestContext): Promise<EditorPost> {
  const { formData, stored, failure } = await readFormWithFile(request, (fields) => {
    const purpose = FILE_INTENTS[fields.get('intent') as EditorIntent];
    return purpose ? (file) => uploadFile(context.service, { ...file, forOrg: null, purpose }) : null;
  });
  if (stored) formData.set('fileId', stored.id);
  return { formData, failure };
}

const parseOr400 = <S extends z.ZodTypeAny>(schema: S, formData: FormData): z.output<S> => {
  const parsed = schema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw new Response('Bad Request', { status: 400 });
  return parsed.data;
};

/** A list action of the editor with its own failure toast (the spec names "point not deleted", "view not reset" ...). */
async function toastAction(back: string, work: () => Promise<unknown>, success: { key: string; values?: Record<string, string | number> }, failureKey?: string) {
  try {
    await work();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === 'NOT_FOUND') throw new Response('Not Found', { status: 404 });
    return redirectWithToast(back, failureKey ? { type: 'error', key: failureKey } : { type: 'error', key: 'errors:raw', values: { message: error.message } });
  }
  return redirectWithToast(back, { type: 'success', ...success });
}

/** A delete after confirming (the no-JavaScript step first), with its toasts. */
async function confirmedDelete(formData: FormData, back: string, work: () => Promise<unknown>, success: { key: string; values?: Record<string, string | number> }, failureKey?: string) {
  const step = confirmationStep(formData);
  if (step) return answer(step, 200);
  return toastAction(back, work, success, failureKey);
}

/** The view a tour step shows: the typed angles, else the pano's initial view, else straight ahead. */
function stepView(value: { azimuth?: number; polar?: number; focal?: number }, panoView: RoomViewAngles | null): RoomViewAngles {
  if (value.azimuth !== undefined && value.polar !== undefined) return anglesFromDegrees(value.azimuth, value.polar, value.focal ?? DEFAULT_FOCAL_LENGTH);
  return panoView ?? anglesFromDegrees(0, 90, value.focal ?? DEFAULT_FOCAL_LENGTH);
}

/** All of the editor's forms, dispatched by intent (an unknown intent is a 400). */
export async function editorAction(context: RequestContext, request: Request, slug: string) {
  const ctx = context.service;
  const data: RoomEditorData = await orNotFound(roomForEditor(ctx, slug));
  const roomId = data.room.id;
  const { formData, failure } = await readEditorPost(request, context);
  const accessAnswer = failure ? null : await accessAction(context, formData, accessTarget(context, data), editorPath(data.room.slug, null));
  if (accessAnswer) return accessAnswer;
  const { intent } = intentOf(formData, Intents);
  const panoParam = String(formData.get('panoId') ?? '') || null;
  const back = editorPath(data.room.slug, panoParam);
  if (failure) {
    const form = intent === 'replacePano' || intent === 'updateStep' ? `${intent}-${String(formData.get('id') ?? '')}` : intent;
    return answer({ form, error: failure.message }, 400);
  }

  switch (intent) {
    case 'settings': {
      const done = await submitForm(context, formData, 'settings', SettingsForm, (value) => updateRoom(ctx, roomId, { name: value.name, accessType: value.accessType }));
      if (!done.ok) return done.answer;
      return redirectWithToast(editorPath(slugOf(done.value, data.room.slug), null), { type: 'success', key: 'roomseditor:messages.renamed' });
    }
    case 'uploadPano': {
      const done = await submitForm(context, formData, 'uploadPano', UploadPanoForm, async (value) => {
        if (!value.fileId) return null;
        return createPano(ctx, { virtualRoomId: roomId, fileId: value.fileId, ...(value.name ? { name: value.name } : {}) });
      });
      if (!done.ok) return done.answer;
      if (!done.value) return answer({ form: 'uploadPano', error: ctx.t('files:upload.noFile') });
      return redirectWithToast(editorPath(data.room.slug, idOf(done.value)), { type: 'success', key: 'roomseditor:messages.panoUploaded' });
    }
    case 'renamePano': {
      const form = `renamePano-${String(formData.get('id') ?? '')}`;
      const done = await submitForm(context, formData, form, RenamePanoForm, (value) => updatePano(ctx, value.id, { name: value.name }));
      if (!done.ok) return done.answer;
      return redirectWithToast(editorPath(data.room.slug, done.input.id), { type: 'success', key: 'roomseditor:messages.panoRenamed' });
    }
    case 'replacePano': {
      const form = `replacePano-${String(formData.get('id') ?? '')}`;
      const done = await submitForm(context, formData, form, ReplacePanoForm, async (value) => (value.fileId ? updatePano(ctx, value.id, { fileId: value.fileId }) : null));
      if (!done.ok) return done.answer;
      if (!done.value) return answer({ form, error: ctx.t('files:upload.noFile') });
      return redirectWithToast(editorPath(data.room.slug, done.input.id), { type: 'success', key: 'roomseditor:messages.panoReplaced' });
    }
    case 'deletePano': {
      const value = parseOr400(DeleteForm, formData);
      return confirmedDelete(formData, editorPath(data.room.slug), () => deletePano(ctx, value.id), { key: 'roomseditor:messages.panoDeleted', values: { name: value.name ?? '' } });
    }
    case 'setView': {
      const done = await submitForm(context, formData, 'setView', ViewForm, (value) =>
        setPanoInitialView(ctx, value.panoId, anglesFromDegrees(value.azimuth, value.polar, value.focal), { roomInitial: value.roomInitial }),
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(back, { type: 'success', key: 'roomseditor:messages.viewSet' });
    }
    case 'resetView': {
      const panoId = parseOr400(z.object({ panoId: z.string().uuid() }), formData).panoId;
      return toastAction(back, () => resetPanoInitialView(ctx, panoId), { key: 'roomseditor:messages.viewReset' }, 'roomseditor:messages.viewNotReset');
    }
    case 'addNav': {
      const done = await submitForm(context, formData, 'addNav', NavPointForm, (value) =>
        createNavPoint(ctx, { panoId: value.panoId, ...pointFromDirection(value.azimuth, value.elevation), iconId: value.iconId ?? null, destination: navDestination(value.destination, value.url) }),
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(back, { type: 'success', key: 'roomseditor:messages.pointsCreated' });
    }
    case 'addInfo': {
      const done = await submitForm(context, formData, 'addInfo', InfoPointForm, (value) =>
        createInfoPoint(ctx, {
          panoId: value.panoId,
          ...pointFromDirection(value.azimuth, value.elevation),
          iconId: value.iconId ?? null,
          auth: value.auth,
          ...(value.contentPageId
            ? { contentPageId: value.contentPageId }
            : { iframeTitle: value.iframeTitle ?? null, iframeUrl: value.iframeUrl ?? null, translations: itemTextsFromForm(value) }),
        }),
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(back, { type: 'success', key: 'roomseditor:messages.pointsCreated' });
    }
    case 'infoTexts': {
      const form = `infoTexts-${String(formData.get('id') ?? '')}`;
      const done = await submitForm(context, formData, form, InfoTextsForm, (value) =>
        setInfoPointTranslations(ctx, value.id, { translations: itemTextsFromForm(value) }),
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(back, { type: 'success', key: 'roomseditor:messages.infoTextsSaved' });
    }
    case 'deleteNav':
    case 'deleteInfo': {
      const value = parseOr400(DeleteForm, formData);
      const remove = intent === 'deleteNav' ? deleteNavPoint : deleteInfoPoint;
      return confirmedDelete(formData, back, () => remove(ctx, value.id), { key: 'roomseditor:messages.pointDeleted' }, 'roomseditor:messages.pointNotDeleted');
    }
    case 'addStep': {
      const done = await submitForm(context, formData, 'addStep', StepForm, (value) =>
        createTourStep(ctx, {
          virtualRoomId: roomId,
          panoId: value.panoId,
          title: value.title,
          text: value.text,
          audioFileId: value.fileId ?? null,
          view: stepView(value, data.view.panos.find((pano) => pano.id === value.panoId)?.initialView ?? null),
          infoPointId: value.infoPointId ?? null,
          translations: itemTextsFromForm(value),
        }),
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(`${editorPath(data.room.slug, panoParam)}#${TOUR_ANCHOR}`, { type: 'success', key: 'roomseditor:messages.stepSaved' });
    }
    case 'updateStep': {
      const form = `updateStep-${String(formData.get('id') ?? '')}`;
      const done = await submitForm(context, formData, form, UpdateStepForm, (value) =>
        updateTourStep(ctx, value.id, {
          panoId: value.panoId,
          title: value.title,
          text: value.text,
          ...(value.fileId ? { audioFileId: value.fileId } : {}),
          view: stepView(value, data.view.panos.find((pano) => pano.id === value.panoId)?.initialView ?? null),
          infoPointId: value.infoPointId ?? null,
          translations: itemTextsFromForm(value),
        }),
      );
      if (!done.ok) return done.answer;
      return redirectWithToast(`${editorPath(data.room.slug, panoParam)}#${TOUR_ANCHOR}`, { type: 'success', key: 'roomseditor:messages.stepUpdated' });
    }
    case 'move': {
      const value = parseOr400(MoveStepForm, formData);
      const order = data.view.tourSteps.map((step) => step.id);
      const from = order.indexOf(value.id);
      if (from < 0) throw new Response('Not Found', { status: 404 });
      const toIndex = Math.max(0, Math.min(order.length - 1, from + (value.direction === 'up' ? -1 : 1)));
      return toastAction(`${editorPath(data.room.slug)}#${TOUR_ANCHOR}`, () => moveTourStep(ctx, value.id, toIndex), { key: 'roomseditor:messages.stepMoved', values: { position: toIndex + 1 } });
    }
    case 'reorder': {
      const parsed = ReorderStepsForm.safeParse({ intent: 'reorder', ids: formData.getAll('ids') });
      if (!parsed.success) throw new Response('Bad Request', { status: 400 });
      const value = parsed.data;
      const moves = movesBetween(data.view.tourSteps.map((step) => step.id), value.ids);
      if (!moves) throw new Response('Bad Request', { status: 400 });
      return toastAction(`${editorPath(data.room.slug)}#${TOUR_ANCHOR}`, async () => {
        for (const move of moves) await moveTourStep(ctx, move.id, move.toIndex);
      }, { key: 'roomseditor:messages.stepMoved', values: { position: (moves[0]?.toIndex ?? 0) + 1 } });
    }
    case 'deleteStep': {
      const value = parseOr400(DeleteForm, formData);
      return confirmedDelete(formData, `${editorPath(data.room.slug)}#${TOUR_ANCHOR}`, () => deleteTourStep(ctx, value.id), { key: 'roomseditor:messages.stepDeleted' });
    }
  }
}

/**
 * The moves (`moveTourStep` calls) that turn `current` into `next`: one when a single step moved (a drag or a
 * button), else one per place that differs. Null when `next` is not the same steps.
 */
export function movesBetween(current: string[], next: string[]): { id: string; toIndex: number }[] | null {
  if (current.length !== next.length || new Set(next).size !== next.length || next.some((id) => !current.includes(id))) return null;
  const without = (list: string[], id: string) => list.filter((other) => other !== id).join(',');
  const single = next.find((id, index) => current[index] !== id && without(current, id) === without(next, id));
  if (single) return [{ id: single, toIndex: next.indexOf(single) }];
  const order = [...current];
  const moves: { id: string; toIndex: number }[] = [];
  next.forEach((id, index) => {
    if (order[index] === id) return;
    order.splice(order.indexOf(id), 1);
    order.splice(index, 0, id);
    moves.push({ id, toIndex: index });
  });
  return moves;
}

function slugOf(value: unknown, fallback: string): string {
  return typeof value === 'object' && value !== null && typeof (value as { slug?: unknown }).slug === 'string' ? (value as { slug: string }).slug : fallback;
}

function idOf(value: unknown): string | null {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : null;
}
