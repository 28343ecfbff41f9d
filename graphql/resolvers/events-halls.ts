import {
  addFoyerPoint,
  addImageFoyer,
  conventionImageFoyer,
  deleteFoyerPoint,
  resetNavigation,
  updateImageFoyer,
} from '~/server/services/events/foyer';
import {
  conventionStand,
  hallAddStand,
  hallRemoveStand,
  hallReorderStands,
  hallStandAccept,
  hallStandById,
  hallStandDecline,
  hallStandsOf,
  hallUpdateStand,
  standApplyToHall,
  standThroughHallStand,
} from '~/server/services/events/hall-stands';
import { approvalWarningText, approveHallStand } from '~/server/services/events/stand-approval';
import {
  addHallToConvention,
  conventionHall,
  createHall,
  createHallTranslation,
  deleteHall,
  hallBySlug,
  hallsPartOfConvention,
  listHalls,
  removeHallFromConvention,
  sitemap,
  stagesAndHallsPartOfConvention,
  updateHall,
  updateHallTranslation,
} from '~/server/services/events/halls';
import { createStandNode, deleteStandNode, updateStandNode } from '~/server/services/events/nodes';
import { isStandMarked, markStand } from '~/server/services/events/stand-marks';
import { createPoint, deletePoint, ownPoint, updatePoint } from '~/server/services/events/points';
import {
  foyerOf,
  foyerPointsOf,
  hallOf,
  hallsOfStand,
  isHallOfConvention,
  isStandListed,
  nodesOf,
  pointsOf,
  previewSlugOf,
  standNameOf,
  standOrganizationOf,
  textsOf,
} from '~/server/services/events/relations';
import {
  createBaseStand,
  createStandTranslation,
  deleteBaseStand,
  deleteStandTranslation,
  listStands,
  standBySlug,
  updateBaseStand,
  updateStandPersonalization,
  updateStandTranslation,
} from '~/server/services/events/stands';
import type { Resolvers } from '../generated/types';
import { asQuery, payload, withOk } from '../errors';
import { given } from './events-conventions';
import { fileField } from './files';

const file = fileField;

export const eventsHallsResolvers: Resolvers = {
  Hall: {
    thumbnail: (hall, _args, ctx) => file(ctx.service, hall.thumbnail_id),
    translations: (hall, _args, ctx) => textsOf(ctx.service, 'hall', hall.id),
    stands: (hall, args, ctx) => hallStandsOf(ctx.service, hall, { listedOnly: Boolean(args.approvedOnly) }),
    isPartOfConvention: (hall, args, ctx) => isHallOfConvention(ctx.service, hall.id, args.convId),
  },
  HallStand: {
    thumbnail: (hs, _args, ctx) => file(ctx.service, hs.thumbnail_id),
    previewSlug: (hs, _args, ctx) => previewSlugOf(ctx.service, hs),
    standName: (hs, _args, ctx) => standNameOf(ctx.service, hs),
    stand: (hs, _args, ctx) => standThroughHallStand(ctx.service, hs),
    hall: (hs, _args, ctx) => hallOf(ctx.service, hs),
    // the viewer's own mark: an answer that asks for it is never kept for the viewer's audience (visitor cache)
    marked: (hs, _args, ctx) => {
      ctx.personal?.();
      return isStandMarked(ctx.service, hs.id);
    },
  },
  BaseStand: {
    approved: (s, _args, ctx) => isStandListed(ctx.service, s.id),
    translations: (s, _args, ctx) => textsOf(ctx.service, 'stand', s.id),
    organization: (s, _args, ctx) => standOrganizationOf(ctx.service, s),
    halls: (s, _args, ctx) => hallsOfStand(ctx.service, s),
    nodes: (s, _args, ctx) => nodesOf(ctx.service, s),
  },
  StandNode: {
    image: (n, _args, ctx) => file(ctx.service, n.image_id),
    points: (n, _args, ctx) => pointsOf(ctx.service, n),
  },
  Point: {
    translations: (p, _args, ctx) => textsOf(ctx.service, 'point', p.id),
  },
  ImageFoyer: {
    image: (f, _args, ctx) => file(ctx.service, f.image_id),
    points: (f, _args, ctx) => foyerPointsOf(ctx.service, f),
  },
  Convention: {
    imageFoyer: (c, _args, ctx) => foyerOf(ctx.service, c.id),
  },
  Query: {
    fetchHalls: (_root, _args, ctx) => asQuery(() => listHalls(ctx.service)),
    fetchHall: (_root, args, ctx) => asQuery(() => hallBySlug(ctx.service, args.slug)),
    hallsPartOfConvention: (_root, args, ctx) => asQuery(() => hallsPartOfConvention(ctx.service, args.convId)),
    stagesAndHallsPartOfConvention: (_root, args, ctx) =>
      asQuery(async () => {
        const result = await stagesAndHallsPartOfConvention(ctx.service, args.orgId, args.convId);
        return {
          halls: result.halls.map((h) => ({ hall: h, isPartOfConvention: h.part_of_convention })),
          stages: result.stages.map(({ part_of_convention, ...stage }) => ({ stage, isPartOfConvention: part_of_convention })),
        };
      }),
    // the hall passed the visitor's access checks here, so Hall.stands may list its stands for them
    fetchConventionHall: (_root, args, ctx) =>
      asQuery(async () => {
        const { convention, hall } = await conventionHall(ctx.service, args.conventionSlug, args.hallSlug);
        return { convention, hall: { ...hall, visited: true } };
      }),
    fetchConventionStand: (_root, args, ctx) =>
      asQuery(async () => {
        const { hall, ...rest } = await conventionStand(ctx.service, args);
        return { ...rest, hall: { ...hall, visited: true } };
      }),
    fetchHallStand: (_root, args, ctx) => asQuery(() => hallStandById(ctx.service, args.id)),
    fetchStands: (_root, _args, ctx) => asQuery(() => listStands(ctx.service)),
    fetchStand: (_root, args, ctx) => asQuery(() => standBySlug(ctx.service, args.slug)),
    fetchPoint: (_root, args, ctx) => asQuery(() => ownPoint(ctx.service, args.id)),
    sitemap: (_root, args, ctx) => asQuery(() => sitemap(ctx.service, args.conventionSlug)),
    conventionImageFoyer: (_root, args, ctx) => asQuery(() => conventionImageFoyer(ctx.service, args.conventionId)),
  },
  Mutation: {
    standMark: (_root, args, ctx) =>
      payload(async () => {
        const { hallStand } = await markStand(ctx.service, { conventionSlug: args.conventionSlug, hallSlug: args.hallSlug, standSlug: args.standSlug }, args.marked);
        return { hallStand };
      }),
    hallCreate: (_root, args, ctx) => payload(async () => ({ hall: await createHall(ctx.service, given(args.input)) })),
    hallUpdate: (_root, args, ctx) => payload(async () => ({ hall: await updateHall(ctx.service, args.id, given(args.input)) })),
    hallDelete: (_root, args, ctx) => payload(async () => ({ id: await deleteHall(ctx.service, args.id) })).then(withOk),
    hallTranslationCreate: (_root, args, ctx) =>
      payload(async () => ({ translation: await createHallTranslation(ctx.service, args.hallId, given(args.input)) })),
    hallTranslationUpdate: (_root, args, ctx) =>
      payload(async () => ({ translation: await updateHallTranslation(ctx.service, args.id, given(args.input)) })),
    addHallToConvention: (_root, args, ctx) =>
      payload(async () => ({ convention: await addHallToConvention(ctx.service, args.id, args.hallID) })),
    removeHallFromConvention: (_root, args, ctx) =>
      payload(async () => ({ convention: await removeHallFromConvention(ctx.service, args.id, args.hallID) })),
    hallAddStand: (_root, args, ctx) =>
      payload(async () => ({
        hallStand: await hallAddStand(ctx.service, args.id, { domain: args.domain, thumbnailId: args.thumbnail, slug: args.slug ?? undefined }),
      })),
    hallUpdateStand: (_root, args, ctx) =>
      payload(async () => ({ hallStand: await hallUpdateStand(ctx.service, args.id, given(args.input)) })),
    hallRemoveStand: (_root, args, ctx) => payload(async () => ({ id: await hallRemoveStand(ctx.service, args.id) })).then(withOk),
    hallApproveStand: (_root, args, ctx) =>
      payload(async () => {
        const { hallStand, warnings } = await approveHallStand(ctx.service, args.id, { confirm: args.confirm ?? false });
        return { hallStand, warnings: warnings.map((w) => ({ ...w, message: approvalWarningText(ctx.service.t, w) })) };
      }).then((answer) => ({ warnings: [], ...answer })),
    hallStandAccept: (_root, args, ctx) => payload(async () => ({ hallStand: await hallStandAccept(ctx.service, args.id) })),
    hallStandDecline: (_root, args, ctx) => payload(async () => ({ id: await hallStandDecline(ctx.service, args.id) })).then(withOk),
    standApplyToHall: (_root, args, ctx) =>
      payload(async () => ({ hallStand: await standApplyToHall(ctx.service, args.standId, args.hallSlug) })),
    hallReorderStands: (_root, args, ctx) =>
      payload(async () => ({ hallStands: await hallReorderStands(ctx.service, args.hallId, args.ids) })),
    baseStandCreate: (_root, args, ctx) => payload(async () => ({ stand: await createBaseStand(ctx.service, given(args.input)) })),
    baseStandUpdate: (_root, args, ctx) =>
      payload(async () => ({ stand: await updateBaseStand(ctx.service, args.id, given(args.input)) })),
    baseStandDelete: (_root, args, ctx) => payload(async () => ({ id: await deleteBaseStand(ctx.service, args.id) })).then(withOk),
    baseStandPersonalizationUpdate: (_root, args, ctx) =>
      payload(async () => ({ stand: await updateStandPersonalization(ctx.service, args.id, args.personalizationId ?? null) })),
    standNodeCreate: (_root, args, ctx) =>
      payload(async () => ({ node: await createStandNode(ctx.service, args.standId, given(args.input)) })),
    standNodeUpdate: (_root, args, ctx) =>
      payload(async () => ({ node: await updateStandNode(ctx.service, args.id, given(args.input)) })),
    standNodeDelete: (_root, args, ctx) => payload(async () => ({ id: await deleteStandNode(ctx.service, args.id) })).then(withOk),
    standTranslationCreate: (_root, args, ctx) =>
      payload(async () => ({ translation: await createStandTranslation(ctx.service, args.standId, given(args.input)) })),
    standTranslationUpdate: (_root, args, ctx) =>
      payload(async () => ({ translation: await updateStandTranslation(ctx.service, args.id, given(args.input)) })),
    standTranslationDelete: (_root, args, ctx) =>
      payload(async () => ({ id: await deleteStandTranslation(ctx.service, args.id) })).then(withOk),
    pointCreate: (_root, args, ctx) =>
      payload(async () => ({
        point: await createPoint(ctx.service, args.nodeId, { ...given(args.input), translations: args.input.translations?.map(given) }),
      })),
    pointUpdate: (_root, args, ctx) =>
      payload(async () => ({
        point: await updatePoint(ctx.service, args.id, {
          ...given(args.input),
          contentPageId: args.input.contentPageId === null ? null : (args.input.contentPageId ?? undefined),
          translations: args.input.translations?.map(given),
        }),
      })),
    pointDelete: (_root, args, ctx) => payload(async () => ({ id: await deletePoint(ctx.service, args.id) })).then(withOk),
    conventionAddImageFoyer: (_root, args, ctx) =>
      payload(async () => ({ imageFoyer: await addImageFoyer(ctx.service, args.conventionId) })),
    conventionUpdateImageFoyer: (_root, args, ctx) =>
      payload(async () => ({ imageFoyer: await updateImageFoyer(ctx.service, args.imageFoyerId, args.fileId) })),
    imageFoyerAddPoint: (_root, args, ctx) =>
      payload(async () => ({ point: await addFoyerPoint(ctx.service, args.imageFoyerId, args.point) })),
    imageFoyerDeletePoint: (_root, args, ctx) =>
      payload(async () => ({ id: await deleteFoyerPoint(ctx.service, args.foyerPointId) })).then(withOk),
    conventionNavigationReset: (_root, args, ctx) =>
      payload(async () => ({ convention: await resetNavigation(ctx.service, args.conventionId) })),
  },
};
