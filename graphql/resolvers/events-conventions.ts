import { parseVideoUrl } from '~/lib/events';
import type { Language } from '~/lib/language';
import type { ServiceContext } from '~/server/context.server';
import {
  addStageToConvention,
  conventionBySlug,
  conventionNames,
  conventionStage,
  createConvention,
  createConventionByName,
  deleteConvention,
  fetchConvention,
  landingpageConvention,
  latestConvention,
  listConventions,
  pickTranslation,
  removeStageFromConvention,
  statusOf,
  updateConvention,
  updateConventionTranslation,
  type ConventionRecord,
} from '~/server/services/events/conventions';
import {
  createExhibition,
  createExhibitionByName,
  deleteExhibition,
  exhibitionNames,
  fetchExhibition,
  listExhibitions,
  updateExhibition,
  type ExhibitionRecord,
} from '~/server/services/events/exhibitions';
import {
  conventionIdsOfStage,
  conventionTranslations,
  onDemandOfConvention,
  organizationSummaryById,
  scheduleEntryTranslations,
  scheduleOfStage,
  stageById,
  stageTranslations,
  type EventTranslationRecord,
  type OnDemandContentRecord,
  type OrganizationSummaryRecord,
  type ScheduleEntryRecord,
  type StageRecord,
} from '~/server/services/events/loaders';
import { objectTokensOf } from '~/server/services/events/access';
import { createOnDemandContent, deleteOnDemandContent, updateOnDemandContent } from '~/server/services/events/on-demand';
import { createScheduleEntry, deleteScheduleEntry, updateScheduleEntry } from '~/server/services/events/schedules';
import {
  createStage,
  createStageByName,
  createStageTranslation,
  deleteStage,
  fetchStage,
  listStages,
  stageNames,
  stagesPartOfConvention,
  stageStandalone,
  updateStage,
  updateStageTranslation,
} from '~/server/services/events/stages';
import { findFile } from '~/server/services/files/files.server';
import type { Resolvers } from '../generated/types';
import { asQuery, payload, withOk } from '../errors';
import { toGraphQL as fileToGraphQL } from './files';

/** Records a root query answered for a language (`lang`): their `translation` field defaults to it. */
type WithLanguage<T> = T & { requestedLanguage?: Language | null };

/**
 * GraphQL sends null for a field it means to clear as well as for one it leaves out. Null stays null only for
 * the fields that can be cleared (dates, images, references); elsewhere it means "unchanged".
 */
export function patchOf<T extends Record<string, unknown>>(input: T, clearable: readonly string[] = []): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && (value !== null || clearable.includes(key))));
}

const CONVENTION_CLEARABLE = ['startDate', 'endDate', 'headerImageId', 'helpContentPageId', 'contentPageId', 'contentId'];

async function file(ctx: ServiceContext, id: string | null) {
  const found = id ? await findFile(ctx, id) : null;
  return found ? fileToGraphQL(found) : null;
}

function translationOf(
  translations: EventTranslationRecord[],
  requested: Language | null | undefined,
  parent: { requestedLanguage?: Language | null },
  ctx: ServiceContext,
) {
  return pickTranslation(translations, requested ?? parent.requestedLanguage ?? ctx.language) ?? null;
}

function organization(org: OrganizationSummaryRecord | null) {
  // the foreign key keeps the organisation; a missing one is a bug, not a user error
  if (!org) throw new Error('The organisation of an event object is missing');
  return { id: org.id, slug: org.slug, name: org.name, chatEnabled: org.chat_enabled, supportUrl: org.support_url };
}

const asConvention = (c: unknown) => c as WithLanguage<ConventionRecord>;
const asStage = (s: unknown) => s as WithLanguage<StageRecord>;

export const eventConventionResolvers: Resolvers = {
  Convention: {
    video: (c) => asConvention(c).video,
    videoEmbedUrl: (c) => parseVideoUrl(asConvention(c).video)?.embedUrl ?? null,
    startDate: (c) => asConvention(c).start_date,
    endDate: (c) => asConvention(c).end_date,
    status: (c) => statusOf(asConvention(c)),
    permissionType: (c) => asConvention(c).permission_type,
    headerImage: (c, _args, ctx) => file(ctx.service, asConvention(c).header_image_id),
    helpPage: (c) => asConvention(c).help_page,
    helpContentPageId: (c) => asConvention(c).help_content_page_id,
    contentPageId: (c) => asConvention(c).content_page_id,
    contentId: (c) => asConvention(c).content_id,
    navigationMode: (c) => asConvention(c).navigation_mode,
    translations: (c, _args, ctx) => conventionTranslations(ctx.service).load(c.id),
    translation: async (c, args, ctx) =>
      translationOf(await conventionTranslations(ctx.service).load(c.id), args.language, asConvention(c), ctx.service),
    stage: async (c, _args, ctx) => {
      const stage = await conventionStage(ctx.service, c.id);
      return stage ? ({ ...stage, requestedLanguage: asConvention(c).requestedLanguage } as never) : null;
    },
    stages: async (c, _args, ctx) => {
      const stage = await conventionStage(ctx.service, c.id);
      return stage ? [{ ...stage, requestedLanguage: asConvention(c).requestedLanguage } as never] : [];
    },
    onDemandContent: async (c, _args, ctx) => (await onDemandOfConvention(ctx.service).load(c.id)) as never,
    objectTokens: async (c, _args, ctx) => (await objectTokensOf(ctx.service, 'convention', asConvention(c))) as never,
    organization: async (c, _args, ctx) =>
      organization(await organizationSummaryById(ctx.service).load(asConvention(c).organization_id)),
    created: (c) => asConvention(c).created_at,
    updated: (c) => asConvention(c).updated_at,
  },
  Stage: {
    streamEmbedUrl: (s) => parseVideoUrl(asStage(s).stream)?.embedUrl ?? null,
    thumbnail: (s, _args, ctx) => file(ctx.service, asStage(s).thumbnail_id),
    translations: (s, _args, ctx) => stageTranslations(ctx.service).load(s.id),
    translation: async (s, args, ctx) =>
      translationOf(await stageTranslations(ctx.service).load(s.id), args.language, asStage(s), ctx.service),
    schedule: async (s, _args, ctx) => {
      const entries = await scheduleOfStage(ctx.service).load(s.id);
      return entries.map((e) => ({ ...e, requestedLanguage: asStage(s).requestedLanguage })) as never;
    },
    isPartOfConvention: async (s, args, ctx) => (await conventionIdsOfStage(ctx.service).load(s.id)).includes(args.convId),
    created: (s) => asStage(s).created_at,
  },
  ScheduleEntry: {
    timestamp: (e) => (e as unknown as ScheduleEntryRecord).starts_at,
    timestampEnd: (e) => (e as unknown as ScheduleEntryRecord).ends_at,
    speakerDescription: (e) => (e as unknown as ScheduleEntryRecord).speaker_description,
    speakerOrganization: async (e, _args, ctx) => {
      const id = (e as unknown as ScheduleEntryRecord).speaker_organization_id;
      const org = id ? await organizationSummaryById(ctx.service).load(id) : null;
      return org ? organization(org) : null;
    },
    thumbnail: (e, _args, ctx) => file(ctx.service, (e as unknown as ScheduleEntryRecord).thumbnail_id),
    translations: (e, _args, ctx) => scheduleEntryTranslations(ctx.service).load(e.id),
    translation: async (e, args, ctx) =>
      translationOf(
        await scheduleEntryTranslations(ctx.service).load(e.id),
        args.language,
        e as unknown as WithLanguage<ScheduleEntryRecord>,
        ctx.service,
      ),
  },
  OnDemandContent: {
    thumbnail: (d, _args, ctx) => file(ctx.service, (d as unknown as OnDemandContentRecord).thumbnail_id),
    contentPageId: (d) => (d as unknown as OnDemandContentRecord).content_page_id,
  },
  Exhibition: {
    videoEmbedUrl: (x) => parseVideoUrl((x as unknown as ExhibitionRecord).video)?.embedUrl ?? null,
    permissionType: (x) => (x as unknown as ExhibitionRecord).permission_type,
    organization: async (x, _args, ctx) =>
      organization(await organizationSummaryById(ctx.service).load((x as unknown as ExhibitionRecord).organization_id)),
    standId: (x) => (x as unknown as ExhibitionRecord).stand_id,
    stage: async (x, _args, ctx) => {
      const id = (x as unknown as ExhibitionRecord).stage_id;
      return id ? ((await stageById(ctx.service).load(id)) as never) : null;
    },
    created: (x) => (x as unknown as ExhibitionRecord).created_at,
  },
  Query: {
    conventions: (_root, _args, ctx) => asQuery(async () => (await listConventions(ctx.service)) as never),
    conventionNames: (_root, _args, ctx) => asQuery(() => conventionNames(ctx.service)),
    conventionBySlug: (_root, args, ctx) =>
      asQuery(async () => ({ ...(await conventionBySlug(ctx.service, args.slug)), requestedLanguage: args.lang }) as never),
    latestConvention: (_root, args, ctx) => asQuery(async () => (await latestConvention(ctx.service, args.orgSlug)) as never),
    fetchConvention: (_root, args, ctx) => asQuery(async () => (await fetchConvention(ctx.service, args.slug)) as never),
    fetchLandingpageConvention: (_root, args, ctx) =>
      asQuery(async () => (await landingpageConvention(ctx.service, args.orgSlug)) as never),
    stages: (_root, _args, ctx) => asQuery(async () => (await listStages(ctx.service)) as never),
    stageNames: (_root, _args, ctx) => asQuery(() => stageNames(ctx.service)),
    fetchStage: (_root, args, ctx) => asQuery(async () => (await fetchStage(ctx.service, args.slug)) as never),
    fetchStageForDashboard: (_root, args, ctx) => asQuery(async () => (await fetchStage(ctx.service, args.slug)) as never),
    stageStandalone: (_root, args, ctx) =>
      asQuery(async () => ({ ...(await stageStandalone(ctx.service, args.slug)), requestedLanguage: args.lang }) as never),
    stagesPartOfConvention: (_root, args, ctx) =>
      asQuery(async () => (await stagesPartOfConvention(ctx.service, args.orgId, args.convId)) as never),
    exhibitions: (_root, _args, ctx) => asQuery(async () => (await listExhibitions(ctx.service)) as never),
    exhibitionNames: (_root, _args, ctx) => asQuery(() => exhibitionNames(ctx.service)),
    fetchExhibition: (_root, args, ctx) =>
      asQuery(async () => (await fetchExhibition(ctx.service, args.id ?? args.slug ?? '')) as never),
  },
  Mutation: {
    conventionCreateByName: (_root, args, ctx) =>
      payload(async () => ({ convention: (await createConventionByName(ctx.service, args.input)) as never })),
    exhibitionCreateByName: (_root, args, ctx) =>
      payload(async () => ({ exhibition: (await createExhibitionByName(ctx.service, args.input)) as never })),
    stageCreateByName: (_root, args, ctx) =>
      payload(async () => ({ stage: (await createStageByName(ctx.service, args.input)) as never })),
    conventionCreate: (_root, args, ctx) =>
      payload(async () => ({ convention: (await createConvention(ctx.service, patchOf(args.input) as never)) as never })),
    conventionUpdate: (_root, args, ctx) =>
      payload(async () => ({
        convention: (await updateConvention(ctx.service, args.id, patchOf(args.input, CONVENTION_CLEARABLE))) as never,
      })),
    conventionDelete: (_root, args, ctx) => payload(() => deleteConvention(ctx.service, args.id)).then(withOk),
    conventionTranslationUpdate: (_root, args, ctx) =>
      payload(async () => ({ translation: await updateConventionTranslation(ctx.service, args.id, args.input as never) })),
    addStageToConvention: (_root, args, ctx) =>
      payload(async () => ({ convention: (await addStageToConvention(ctx.service, args.id, args.stageID)) as never })),
    removeStageFromConvention: (_root, args, ctx) =>
      payload(async () => ({ convention: (await removeStageFromConvention(ctx.service, args.id, args.stageID)) as never })),
    stageCreate: (_root, args, ctx) =>
      payload(async () => ({ stage: (await createStage(ctx.service, patchOf(args.input) as never)) as never })),
    stageUpdate: (_root, args, ctx) =>
      payload(async () => ({ stage: (await updateStage(ctx.service, args.id, patchOf(args.input, ['thumbnailId']))) as never })),
    updateStage: (_root, args, ctx) =>
      payload(async () => ({ stage: (await updateStage(ctx.service, args.id, patchOf(args.input, ['thumbnailId']))) as never })),
    stageDelete: (_root, args, ctx) => payload(() => deleteStage(ctx.service, args.id)).then(withOk),
    stageTranslationCreate: (_root, args, ctx) =>
      payload(async () => ({ translation: await createStageTranslation(ctx.service, args.stageId, args.input as never) })),
    stageTranslationUpdate: (_root, args, ctx) =>
      payload(async () => ({ translation: await updateStageTranslation(ctx.service, args.id, args.input) })),
    scheduleCreate: (_root, args, ctx) =>
      payload(async () => ({ scheduleEntry: (await createScheduleEntry(ctx.service, patchOf(args.input) as never)) as never })),
    scheduleUpdate: (_root, args, ctx) =>
      payload(async () => ({
        scheduleEntry: (await updateScheduleEntry(ctx.service, args.id, patchOf(args.input, ['thumbnailId', 'speakerOrganization']))) as never,
      })),
    scheduleDelete: (_root, args, ctx) => payload(() => deleteScheduleEntry(ctx.service, args.id)).then(withOk),
    onDemandContentCreate: (_root, args, ctx) =>
      payload(async () => ({ onDemandContent: (await createOnDemandContent(ctx.service, patchOf(args.input) as never)) as never })),
    onDemandContentUpdate: (_root, args, ctx) =>
      payload(async () => ({
        onDemandContent: (await updateOnDemandContent(ctx.service, args.id, patchOf(args.input, ['thumbnailId', 'contentPageId']))) as never,
      })),
    onDemandContentDelete: (_root, args, ctx) => payload(() => deleteOnDemandContent(ctx.service, args.id)).then(withOk),
    exhibitionCreate: (_root, args, ctx) =>
      payload(async () => ({ exhibition: (await createExhibition(ctx.service, patchOf(args.input) as never)) as never })),
    exhibitionUpdate: (_root, args, ctx) =>
      payload(async () => ({
        exhibition: (await updateExhibition(ctx.service, args.id, patchOf(args.input, ['standId', 'stageId']))) as never,
      })),
    mutateExhibitionUpdate: (_root, args, ctx) =>
      payload(async () => ({
        exhibition: (await updateExhibition(ctx.service, args.id, patchOf(args.input, ['standId', 'stageId']))) as never,
      })),
    exhibitionDelete: (_root, args, ctx) => payload(() => deleteExhibition(ctx.service, args.id)).then(withOk),
  },
};
