import type { Language } from '#db/models/index';
import { conventionRoom, createPanoLensNavigationForConvention, createVirtualRoomForConvention } from '~/server/services/virtual-rooms/conventions';
import { roomDestinations } from '~/server/services/virtual-rooms/destinations';
import { createPano, deletePano, resetPanoInitialView, setPanoInitialView, updatePano } from '~/server/services/virtual-rooms/panos';
import { createInfoPoint, createNavPoint, deleteInfoPoint, deleteNavPoint, setInfoPointTranslations } from '~/server/services/virtual-rooms/points';
import { roomItemTexts } from '~/server/services/virtual-rooms/texts';
import {
  createRoom,
  deleteRoom,
  listRooms,
  roomPanos,
  roomRecordById,
  roomTourSteps,
  updateRoom,
  updateStandAloneRoom,
  virtualRoomSlug,
} from '~/server/services/virtual-rooms/rooms';
import { createTourStep, deleteTourStep, moveTourStep, updateTourStep } from '~/server/services/virtual-rooms/tour';
import type { NavPointDestinationInput } from '~/server/services/virtual-rooms/types';
import { roomForVisitor, roomSteps } from '~/server/services/virtual-rooms/visit';
import type { Resolvers } from '../generated/types';
import { nullAsUnset, sent } from '../args';
import { asQuery, payload, withOk } from '../errors';

/** The one destination the client named (the service refuses none or more than one with its field error). */
function destinationOf(input: Record<string, unknown>): NavPointDestinationInput {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined && value !== null)) as NavPointDestinationInput;
}

const language = (lang: Language | null | undefined) => lang ?? undefined;

/** The API's text inputs as the services' translations (`description` holds a step's text). */
const stepTexts = (texts: { language: Language; title?: string | null; text?: string | null }[] | null | undefined) =>
  texts?.map((tr) => ({ language: tr.language, title: tr.title ?? '', description: tr.text ?? '' }));
const infoTexts = (texts: { language: Language; iframeTitle?: string | null }[] | null | undefined) =>
  texts?.map((tr) => ({ language: tr.language, title: tr.iframeTitle ?? '', description: '' }));

export const virtualRoomResolvers: Resolvers = {
  TourStep: {
    translations: (step, _args, ctx) => roomItemTexts(ctx.service, 'step', step.id),
  },
  TourStepTranslation: {
    text: (tr) => tr.description,
  },
  InfoPoint: {
    translations: (point, _args, ctx) => roomItemTexts(ctx.service, 'infoPoint', point.id),
  },
  InfoPointTranslation: {
    iframeTitle: (tr) => tr.title,
  },
  Convention: {
    panoNavigation: (convention, _args, ctx) => conventionRoom(ctx.service, convention.id),
  },
  VirtualRoom: {
    permissionType: (room) => room.accessType,
    initialAzimuthalAngle: (room) => room.initialView?.azimuthalAngle ?? null,
    initialPolarAngle: (room) => room.initialView?.polarAngle ?? null,
    initialFocalLength: (room) => room.initialView?.focalLength ?? null,
    panos: (room, _args, ctx) => roomPanos(ctx.service, room),
    tourSteps: (room, _args, ctx) => roomTourSteps(ctx.service, room),
  },
  Query: {
    virtualRooms: (_root, args, ctx) =>
      asQuery(async () => {
        const rooms = await listRooms(ctx.service);
        const first = Math.min(Math.max(args.first ?? 50, 1), 200);
        const offset = Math.max(args.offset ?? 0, 0);
        return { items: rooms.slice(offset, offset + first), totalCount: rooms.length, hasNextPage: rooms.length > offset + first };
      }),
    virtualRoom: (_root, args, ctx) => asQuery(() => roomForVisitor(ctx.service, args.slug, language(args.lang))),
    roomSteps: (_root, args, ctx) => asQuery(() => roomSteps(ctx.service, args.slug, language(args.lang))),
    virtualRoomSlug: (_root, args, ctx) => asQuery(() => virtualRoomSlug(ctx.service, args.id)),
    roomDestinations: (_root, args, ctx) => asQuery(() => roomDestinations(ctx.service, args.virtualRoomId)),
  },
  Mutation: {
    createVirtualRoom: (_root, args, ctx) =>
      payload(async () => ({ virtualRoom: await createRoom(ctx.service, { name: args.input.name, accessType: args.input.accessType ?? undefined }) })),
    updateVirtualRoom: (_root, args, ctx) =>
      payload(async () => {
        const { name, accessType, ...rest } = args.input;
        return { virtualRoom: await updateRoom(ctx.service, args.id, { ...sent(rest), name: name ?? undefined, accessType: accessType ?? undefined }) };
      }),
    deleteVirtualRoom: (_root, args, ctx) => payload(async () => ({ id: await deleteRoom(ctx.service, args.id) })).then(withOk),
    updateStandAloneRoom: (_root, args, ctx) =>
      payload(async () => {
        const { name, accessType, ...rest } = args.input;
        return {
          virtualRoom: await updateStandAloneRoom(ctx.service, args.id, { ...sent(rest), name: name ?? undefined, accessType: accessType ?? undefined }),
        };
      }),
    createVirtualRoomForConvention: (_root, args, ctx) =>
      payload(async () => {
        const { room, convention } = await createVirtualRoomForConvention(ctx.service, args.conventionId);
        return { virtualRoom: await roomRecordById(ctx.service, room.id), conventionId: convention.id, navigationMode: convention.navigation_mode };
      }),
    createPanoLensNavigationForConvention: (_root, args, ctx) =>
      payload(async () => {
        const { room, convention } = await createPanoLensNavigationForConvention(ctx.service, args.convId, args.virtualRoomId);
        return { virtualRoom: await roomRecordById(ctx.service, room.id), conventionId: convention.id, navigationMode: convention.navigation_mode };
      }),
    createPano: (_root, args, ctx) =>
      payload(async () => ({ pano: await createPano(ctx.service, { virtualRoomId: args.virtualRoomId, fileId: args.fileId, name: args.name ?? undefined }) })),
    updatePano: (_root, args, ctx) =>
      payload(async () => ({ pano: await updatePano(ctx.service, args.panoId, { fileId: args.fileId ?? undefined, name: args.name ?? undefined }) })),
    deletePano: (_root, args, ctx) => payload(async () => ({ id: await deletePano(ctx.service, args.panoId) })).then(withOk),
    createNavPoint: (_root, args, ctx) =>
      payload(async () => {
        const { destination, iconId, ...point } = args.input;
        return { navPoint: await createNavPoint(ctx.service, { ...point, iconId, destination: destinationOf(destination) }) };
      }),
    createInfoPoint: (_root, args, ctx) =>
      payload(async () => ({
        infoPoint: await createInfoPoint(ctx.service, { ...args.input, auth: args.input.auth ?? false, translations: infoTexts(args.input.translations) }),
      })),
    setInfoPointTranslations: (_root, args, ctx) =>
      payload(async () => ({ infoPoint: await setInfoPointTranslations(ctx.service, args.id, { translations: infoTexts(args.translations) ?? [] }) })),
    deleteNavPoint: (_root, args, ctx) => payload(async () => ({ id: await deleteNavPoint(ctx.service, args.id) })).then(withOk),
    deleteInfoPoint: (_root, args, ctx) => payload(async () => ({ id: await deleteInfoPoint(ctx.service, args.id) })).then(withOk),
    setPanoInitialView: (_root, args, ctx) =>
      payload(async () => ({ pano: await setPanoInitialView(ctx.service, args.panoId, args.view, { roomInitial: args.roomInitial ?? false }) })),
    resetPanoInitialView: (_root, args, ctx) => payload(async () => ({ pano: await resetPanoInitialView(ctx.service, args.panoId) })),
    createTourStep: (_root, args, ctx) =>
      payload(async () => ({
        tourStep: await createTourStep(ctx.service, { ...args.input, text: args.input.text ?? undefined, translations: stepTexts(args.input.translations) }),
      })),
    updateTourStep: (_root, args, ctx) =>
      payload(async () => {
        const { title, text, panoId, view, translations, ...rest } = args.input;
        return {
          tourStep: await updateTourStep(ctx.service, args.id, {
            ...sent(rest),
            ...nullAsUnset({ title, text, panoId, view }),
            translations: stepTexts(translations),
          }),
        };
      }),
    deleteTourStep: (_root, args, ctx) => payload(async () => ({ id: await deleteTourStep(ctx.service, args.id) })).then(withOk),
    moveTourStep: (_root, args, ctx) => payload(async () => ({ tourSteps: await moveTourStep(ctx.service, args.id, args.toIndex) })),
  },
};
