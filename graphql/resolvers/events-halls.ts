import type { ServiceContext } from '~/server/context.server';
import { fileById } from '~/server/services/files/files.server';
import {
  addFoyerPoint,
  addImageFoyer,
  conventionImageFoyer,
  deleteFoyerPoint,
  resetNavigation,
  updateImageFoyer,
} from '~/server/services/events/foyer';
import type { TranslationRecord } from '~/server/services/events/hall-common';
import {
  conventionStand,
  hallAddStand,
  hallApproveStand,
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
  type ConventionRow,
} from '~/server/services/events/halls';
import { createStandNode, deleteStandNode, updateStandNode } from '~/server/services/events/nodes';
import { createPoint, deletePoint, ownPoint, updatePoint } from '~/server/services/events/points';
import {
  baseStandById,
  conventionHallLink,
  foyerByConvention,
  foyerPointsByFoyer,
  hallById,
  hallStandsByStand,
  hallTranslationsByHall,
  nodesByStand,
  pointsByNode,
  pointTranslationsByPoint,
  standListedAnywhere,
  standOrganizationById,
  standTranslationsByStand,
  type BaseStandRecord,
  type FoyerPointRecord,
  type FoyerRecord,
  type HallRecord,
  type HallStandRecord,
  type PointRecord,
  type StandNodeRecord,
} from '~/server/services/events/stand-loaders';
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
import { toGraphQL as fileToGraphQL } from './files';

/** Records travel as the parents of the field resolvers below (no mappers configured). */
const out = (value: unknown) => value as never;
const rec = <T>(value: unknown) => value as T;

const isMember = (ctx: ServiceContext, organizationId: string) =>
  Boolean(ctx.viewer?.organizations.some((o) => o.id === organizationId));

async function file(ctx: ServiceContext, id: string | null) {
  const found = id ? await fileById(ctx).load(id) : null;
  return found ? fileToGraphQL(found) : null;
}

const translation = (t: TranslationRecord) => ({ id: t.id, language: t.language, title: t.title, description: t.description });

/** GraphQL input: null means "not given" for the optional fields of a patch. */
function given<T extends object>(input: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as never;
}

export const eventsHallsResolvers: Resolvers = {
  Hall: {
    thumbnail: (hall, _args, ctx) => file(ctx.service, rec<HallRecord>(hall).thumbnail_id),
    permissionType: (hall) => rec<HallRecord>(hall).permission_type,
    translations: async (hall, _args, ctx) => (await hallTranslationsByHall(ctx.service).load(hall.id)).map(translation),
    stands: async (hall, args, ctx) => out(await hallStandsOf(ctx.service, rec<HallRecord & { visited?: boolean }>(hall), { listedOnly: Boolean(args.approvedOnly) })),
    isPartOfConvention: (hall, args, ctx) => conventionHallLink(ctx.service).load(`${args.convId}:${hall.id}`),
  },
  HallStand: {
    thumbnail: (hs, _args, ctx) => file(ctx.service, rec<HallStandRecord>(hs).thumbnail_id),
    previewSlug: async (hs, _args, ctx) => {
      const record = rec<HallStandRecord>(hs);
      if (isMember(ctx.service, record.organization_id)) return record.preview_slug;
      const stand = await baseStandById(ctx.service).load(record.stand_id);
      return stand && isMember(ctx.service, stand.organization_id) ? record.preview_slug : null;
    },
    standAccepted: (hs) => rec<HallStandRecord>(hs).stand_accepted,
    standName: async (hs, _args, ctx) => (await baseStandById(ctx.service).load(rec<HallStandRecord>(hs).stand_id))?.name ?? rec<HallStandRecord>(hs).slug,
    stand: async (hs, _args, ctx) => out(await standThroughHallStand(ctx.service, rec<HallStandRecord>(hs))),
    hall: async (hs, _args, ctx) => out(await hallById(ctx.service).load(rec<HallStandRecord>(hs).hall_id)),
  },
  BaseStand: {
    approved: (s, _args, ctx) => standListedAnywhere(ctx.service).load(s.id),
    shopUrl: (s) => rec<BaseStandRecord>(s).shop_url,
    chatUrl: (s) => rec<BaseStandRecord>(s).chat_url,
    personalizationId: (s) => rec<BaseStandRecord>(s).personalization_id,
    translations: async (s, _args, ctx) => (await standTranslationsByStand(ctx.service).load(s.id)).map(translation),
    organization: async (s, _args, ctx) => {
      const org = await standOrganizationById(ctx.service).load(rec<BaseStandRecord>(s).organization_id);
      return { id: org!.id, name: org!.name, supportUrl: org!.support_url, chatEnabled: org!.chat_enabled };
    },
    halls: async (s, _args, ctx) =>
      isMember(ctx.service, rec<BaseStandRecord>(s).organization_id) ? out(await hallStandsByStand(ctx.service).load(s.id)) : [],
    nodes: async (s, _args, ctx) => out(await nodesByStand(ctx.service).load(s.id)),
  },
  StandNode: {
    image: (n, _args, ctx) => file(ctx.service, rec<StandNodeRecord>(n).image_id),
    points: async (n, _args, ctx) => out(await pointsByNode(ctx.service).load(n.id)),
  },
  Point: {
    contentPageId: (p) => rec<PointRecord>(p).content_page_id,
    translations: async (p, _args, ctx) => (await pointTranslationsByPoint(ctx.service).load(p.id)).map(translation),
  },
  FoyerPoint: {
    targetType: (p) => rec<FoyerPointRecord>(p).target_type,
    targetId: (p) => rec<FoyerPointRecord>(p).target_id,
  },
  ImageFoyer: {
    conventionId: (f) => rec<FoyerRecord>(f).convention_id,
    image: (f, _args, ctx) => file(ctx.service, rec<FoyerRecord>(f).image_id),
    points: async (f, _args, ctx) => out(await foyerPointsByFoyer(ctx.service).load(f.id)),
  },
  HallConvention: {
    navigationMode: (c) => rec<ConventionRow>(c).navigation_mode,
    imageFoyer: async (c, _args, ctx) => out(await foyerByConvention(ctx.service).load(c.id)),
  },
  Query: {
    fetchHalls: (_root, _args, ctx) => asQuery(async () => out(await listHalls(ctx.service))),
    fetchHall: (_root, args, ctx) => asQuery(async () => out(await hallBySlug(ctx.service, args.slug))),
    hallsPartOfConvention: (_root, args, ctx) => asQuery(async () => out(await hallsPartOfConvention(ctx.service, args.convId))),
    stagesAndHallsPartOfConvention: (_root, args, ctx) =>
      asQuery(async () => {
        const result = await stagesAndHallsPartOfConvention(ctx.service, args.orgId, args.convId);
        return {
          halls: result.halls.map((h) => ({ hall: out(h), isPartOfConvention: h.part_of_convention })),
          stages: result.stages.map(({ part_of_convention, ...stage }) => ({ stage, isPartOfConvention: part_of_convention })),
        };
      }),
    // the hall passed the visitor's access checks here, so Hall.stands may list its stands for them
    fetchConventionHall: (_root, args, ctx) =>
      asQuery(async () => {
        const { convention, hall } = await conventionHall(ctx.service, args.conventionSlug, args.hallSlug);
        return out({ convention, hall: { ...hall, visited: true } });
      }),
    fetchConventionStand: (_root, args, ctx) =>
      asQuery(async () => {
        const { hall, ...rest } = await conventionStand(ctx.service, args);
        return out({ ...rest, hall: { ...hall, visited: true } });
      }),
    fetchHallStand: (_root, args, ctx) => asQuery(async () => out(await hallStandById(ctx.service, args.id))),
    fetchStands: (_root, _args, ctx) => asQuery(async () => out(await listStands(ctx.service))),
    fetchStand: (_root, args, ctx) => asQuery(async () => out(await standBySlug(ctx.service, args.slug))),
    fetchPoint: (_root, args, ctx) => asQuery(async () => out(await ownPoint(ctx.service, args.id))),
    sitemap: (_root, args, ctx) => asQuery(async () => out(await sitemap(ctx.service, args.conventionSlug))),
    conventionImageFoyer: (_root, args, ctx) => asQuery(async () => out(await conventionImageFoyer(ctx.service, args.conventionId))),
  },
  Mutation: {
    hallCreate: (_root, args, ctx) => payload(async () => ({ hall: out(await createHall(ctx.service, given(args.input))) })),
    hallUpdate: (_root, args, ctx) => payload(async () => ({ hall: out(await updateHall(ctx.service, args.id, given(args.input))) })),
    hallDelete: (_root, args, ctx) => payload(async () => ({ id: await deleteHall(ctx.service, args.id) })).then(withOk),
    hallTranslationCreate: (_root, args, ctx) =>
      payload(async () => ({ translation: translation(await createHallTranslation(ctx.service, args.hallId, given(args.input))) })),
    hallTranslationUpdate: (_root, args, ctx) =>
      payload(async () => ({ translation: translation(await updateHallTranslation(ctx.service, args.id, given(args.input))) })),
    addHallToConvention: (_root, args, ctx) =>
      payload(async () => ({ convention: out(await addHallToConvention(ctx.service, args.id, args.hallID)) })),
    removeHallFromConvention: (_root, args, ctx) =>
      payload(async () => ({ convention: out(await removeHallFromConvention(ctx.service, args.id, args.hallID)) })),
    hallAddStand: (_root, args, ctx) =>
      payload(async () => ({
        hallStand: out(await hallAddStand(ctx.service, args.id, { domain: args.domain, thumbnailId: args.thumbnail, slug: args.slug ?? undefined })),
      })),
    hallUpdateStand: (_root, args, ctx) =>
      payload(async () => ({ hallStand: out(await hallUpdateStand(ctx.service, args.id, given(args.input))) })),
    hallRemoveStand: (_root, args, ctx) => payload(async () => ({ id: await hallRemoveStand(ctx.service, args.id) })).then(withOk),
    hallApproveStand: (_root, args, ctx) => payload(async () => ({ hallStand: out(await hallApproveStand(ctx.service, args.id)) })),
    hallStandAccept: (_root, args, ctx) => payload(async () => ({ hallStand: out(await hallStandAccept(ctx.service, args.id)) })),
    hallStandDecline: (_root, args, ctx) => payload(async () => ({ id: await hallStandDecline(ctx.service, args.id) })).then(withOk),
    standApplyToHall: (_root, args, ctx) =>
      payload(async () => ({ hallStand: out(await standApplyToHall(ctx.service, args.standId, args.hallSlug)) })),
    hallReorderStands: (_root, args, ctx) =>
      payload(async () => ({ hallStands: out(await hallReorderStands(ctx.service, args.hallId, args.ids)) })),
    baseStandCreate: (_root, args, ctx) => payload(async () => ({ stand: out(await createBaseStand(ctx.service, given(args.input))) })),
    baseStandUpdate: (_root, args, ctx) =>
      payload(async () => ({ stand: out(await updateBaseStand(ctx.service, args.id, given(args.input))) })),
    baseStandDelete: (_root, args, ctx) => payload(async () => ({ id: await deleteBaseStand(ctx.service, args.id) })).then(withOk),
    baseStandPersonalizationUpdate: (_root, args, ctx) =>
      payload(async () => ({ stand: out(await updateStandPersonalization(ctx.service, args.id, args.personalizationId ?? null)) })),
    standNodeCreate: (_root, args, ctx) =>
      payload(async () => ({ node: out(await createStandNode(ctx.service, args.standId, given(args.input))) })),
    standNodeUpdate: (_root, args, ctx) =>
      payload(async () => ({ node: out(await updateStandNode(ctx.service, args.id, given(args.input))) })),
    standNodeDelete: (_root, args, ctx) => payload(async () => ({ id: await deleteStandNode(ctx.service, args.id) })).then(withOk),
    standTranslationCreate: (_root, args, ctx) =>
      payload(async () => ({ translation: translation(await createStandTranslation(ctx.service, args.standId, given(args.input))) })),
    standTranslationUpdate: (_root, args, ctx) =>
      payload(async () => ({ translation: translation(await updateStandTranslation(ctx.service, args.id, given(args.input))) })),
    standTranslationDelete: (_root, args, ctx) =>
      payload(async () => ({ id: await deleteStandTranslation(ctx.service, args.id) })).then(withOk),
    pointCreate: (_root, args, ctx) =>
      payload(async () => ({
        point: out(await createPoint(ctx.service, args.nodeId, { ...given(args.input), translations: args.input.translations?.map(given) })),
      })),
    pointUpdate: (_root, args, ctx) =>
      payload(async () => ({
        point: out(
          await updatePoint(ctx.service, args.id, {
            ...given(args.input),
            contentPageId: args.input.contentPageId === null ? null : (args.input.contentPageId ?? undefined),
            translations: args.input.translations?.map(given),
          }),
        ),
      })),
    pointDelete: (_root, args, ctx) => payload(async () => ({ id: await deletePoint(ctx.service, args.id) })).then(withOk),
    conventionAddImageFoyer: (_root, args, ctx) =>
      payload(async () => ({ imageFoyer: out(await addImageFoyer(ctx.service, args.conventionId)) })),
    conventionUpdateImageFoyer: (_root, args, ctx) =>
      payload(async () => ({ imageFoyer: out(await updateImageFoyer(ctx.service, args.imageFoyerId, args.fileId)) })),
    imageFoyerAddPoint: (_root, args, ctx) =>
      payload(async () => ({ point: out(await addFoyerPoint(ctx.service, args.imageFoyerId, args.point)) })),
    imageFoyerDeletePoint: (_root, args, ctx) =>
      payload(async () => ({ id: await deleteFoyerPoint(ctx.service, args.foyerPointId) })).then(withOk),
    conventionNavigationReset: (_root, args, ctx) =>
      payload(async () => ({ convention: out(await resetNavigation(ctx.service, args.conventionId)) })),
  },
};
