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
} from '~/server/services/events/conventions';
import {
  createExhibition,
  createExhibitionByName,
  deleteExhibition,
  exhibitionNames,
  fetchExhibition,
  listExhibitions,
  updateExhibition,
} from '~/server/services/events/exhibitions';
import type { TranslationRow } from '~/server/services/events/hall-common';
import {
  isStageOfConvention,
  onDemandOf,
  organizationSummaryOf,
  scheduleOf,
  stageOf,
  textsOf,
} from '~/server/services/events/relations';
import { objectTokensOf } from '~/server/services/access/index';
import { linkedPage, translationsOfPage } from '~/server/services/content-pages/pages';
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
import type { MutationResolvers, Resolvers } from '../generated/types';
import { asQuery, payload, withOk } from '../errors';
import { fileField } from './files';

/**
 * GraphQL sends null for a field it means to clear as well as for one it leaves out. Null stays null only for
 * the fields that can be cleared (dates, images, references); elsewhere it means "unchanged".
 */
export function patchOf<T extends Record<string, unknown>>(input: T, clearable: readonly string[] = []): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== undefined && (value !== null || clearable.includes(key))));
}

/** A create input without the optional fields sent as null: GraphQL null means "not given" there. */
export function given<T extends object>(input: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]: Exclude<T[K], null> };
}

const CONVENTION_CLEARABLE = ['startDate', 'endDate', 'headerImageId', 'helpContentPageId', 'contentPageId', 'contentId'];

const file = fileField;

function translationOf(
  translations: TranslationRow[],
  requested: Language | null | undefined,
  parent: { requestedLanguage?: Language | null },
  ctx: ServiceContext,
) {
  return pickTranslation(translations, requested ?? parent.requestedLanguage ?? ctx.language) ?? null;
}

/** A page a convention links (its page, its help page) as visitors may see it, with the translation of the language asked. */
async function conventionPage(ctx: ServiceContext, id: string | null, language: Language | null | undefined) {
  const page = id ? await linkedPage(ctx, id) : null;
  if (!page) return null;
  const translations = await translationsOfPage(ctx).load(page.id);
  const lang = language ?? ctx.language;
  return Object.assign(page, { asked_translation: translations.find((tr) => tr.language === lang) ?? translations[0] });
}

/** stageUpdate and its builder name updateStage, exhibitionUpdate and mutateExhibitionUpdate: one resolver each. */
const stageUpdate: MutationResolvers['stageUpdate'] = (_root, args, ctx) =>
  payload(async () => ({ stage: await updateStage(ctx.service, args.id, patchOf(args.input, ['thumbnailId'])) }));
const exhibitionUpdate: MutationResolvers['exhibitionUpdate'] = (_root, args, ctx) =>
  payload(async () => ({ exhibition: await updateExhibition(ctx.service, args.id, patchOf(args.input, ['standId', 'stageId'])) }));

export const eventConventionResolvers: Resolvers = {
  Convention: {
    videoEmbedUrl: (c) => parseVideoUrl(c.video)?.embedUrl ?? null,
    status: (c) => statusOf(c),
    headerImage: (c, _args, ctx) => file(ctx.service, c.header_image_id),
    translations: (c, _args, ctx) => textsOf(ctx.service, 'convention', c.id),
    translation: async (c, args, ctx) => translationOf(await textsOf(ctx.service, 'convention', c.id), args.language, c, ctx.service),
    stage: async (c, _args, ctx) => {
      const stage = await conventionStage(ctx.service, c.id);
      return stage ? { ...stage, requestedLanguage: c.requestedLanguage } : null;
    },
    stages: async (c, _args, ctx) => {
      const stage = await conventionStage(ctx.service, c.id);
      return stage ? [{ ...stage, requestedLanguage: c.requestedLanguage }] : [];
    },
    onDemandContent: (c, _args, ctx) => onDemandOf(ctx.service, c.id),
    helpContentpage: (c, _args, ctx) => conventionPage(ctx.service, c.help_content_page_id, c.requestedLanguage),
    contentpage: (c, _args, ctx) => conventionPage(ctx.service, c.content_page_id, c.requestedLanguage),
    objectTokens: (c, _args, ctx) => objectTokensOf(ctx.service, 'convention', c),
    organization: (c, _args, ctx) => organizationSummaryOf(ctx.service, c.organization_id),
    created: (c) => c.created_at,
    updated: (c) => c.updated_at,
  },
  Stage: {
    streamEmbedUrl: (s) => parseVideoUrl(s.stream)?.embedUrl ?? null,
    thumbnail: (s, _args, ctx) => file(ctx.service, s.thumbnail_id),
    translations: (s, _args, ctx) => textsOf(ctx.service, 'stage', s.id),
    translation: async (s, args, ctx) => translationOf(await textsOf(ctx.service, 'stage', s.id), args.language, s, ctx.service),
    schedule: async (s, _args, ctx) => (await scheduleOf(ctx.service, s.id)).map((e) => ({ ...e, requestedLanguage: s.requestedLanguage })),
    isPartOfConvention: (s, args, ctx) => isStageOfConvention(ctx.service, s.id, args.convId),
    created: (s) => s.created_at,
  },
  ScheduleEntry: {
    timestamp: (e) => e.starts_at,
    timestampEnd: (e) => e.ends_at,
    speakerOrganization: async (e, _args, ctx) =>
      e.speaker_organization_id ? await organizationSummaryOf(ctx.service, e.speaker_organization_id) : null,
    thumbnail: (e, _args, ctx) => file(ctx.service, e.thumbnail_id),
    translations: (e, _args, ctx) => textsOf(ctx.service, 'scheduleEntry', e.id),
    translation: async (e, args, ctx) => translationOf(await textsOf(ctx.service, 'scheduleEntry', e.id), args.language, e, ctx.service),
  },
  OnDemandContent: {
    thumbnail: (d, _args, ctx) => file(ctx.service, d.thumbnail_id),
    translations: (d, _args, ctx) => textsOf(ctx.service, 'onDemand', d.id),
    translation: async (d, args, ctx) => translationOf(await textsOf(ctx.service, 'onDemand', d.id), args.language, {}, ctx.service),
  },
  Exhibition: {
    videoEmbedUrl: (x) => parseVideoUrl(x.video)?.embedUrl ?? null,
    organization: (x, _args, ctx) => organizationSummaryOf(ctx.service, x.organization_id),
    stage: (x, _args, ctx) => stageOf(ctx.service, x),
    created: (x) => x.created_at,
  },
  Query: {
    conventions: (_root, _args, ctx) => asQuery(() => listConventions(ctx.service)),
    conventionNames: (_root, _args, ctx) => asQuery(() => conventionNames(ctx.service)),
    conventionBySlug: (_root, args, ctx) =>
      asQuery(async () => ({ ...(await conventionBySlug(ctx.service, args.slug)), requestedLanguage: args.lang })),
    latestConvention: (_root, args, ctx) => asQuery(() => latestConvention(ctx.service, args.orgSlug)),
    fetchConvention: (_root, args, ctx) => asQuery(() => fetchConvention(ctx.service, args.slug)),
    fetchLandingpageConvention: (_root, args, ctx) => asQuery(() => landingpageConvention(ctx.service, args.orgSlug)),
    stages: (_root, _args, ctx) => asQuery(() => listStages(ctx.service)),
    stageNames: (_root, _args, ctx) => asQuery(() => stageNames(ctx.service)),
    fetchStage: (_root, args, ctx) => asQuery(() => fetchStage(ctx.service, args.slug)),
    fetchStageForDashboard: (_root, args, ctx) => asQuery(() => fetchStage(ctx.service, args.slug)),
    stageStandalone: (_root, args, ctx) =>
      asQuery(async () => ({ ...(await stageStandalone(ctx.service, args.slug)), requestedLanguage: args.lang })),
    stagesPartOfConvention: (_root, args, ctx) => asQuery(() => stagesPartOfConvention(ctx.service, args.orgId, args.convId)),
    exhibitions: (_root, _args, ctx) => asQuery(() => listExhibitions(ctx.service)),
    exhibitionNames: (_root, _args, ctx) => asQuery(() => exhibitionNames(ctx.service)),
    fetchExhibition: (_root, args, ctx) => asQuery(() => fetchExhibition(ctx.service, args.id ?? args.slug ?? '')),
  },
  Mutation: {
    conventionCreateByName: (_root, args, ctx) =>
      payload(async () => ({ convention: await createConventionByName(ctx.service, args.input) })),
    exhibitionCreateByName: (_root, args, ctx) =>
      payload(async () => ({ exhibition: await createExhibitionByName(ctx.service, args.input) })),
    stageCreateByName: (_root, args, ctx) => payload(async () => ({ stage: await createStageByName(ctx.service, args.input) })),
    conventionCreate: (_root, args, ctx) =>
      payload(async () => ({ convention: await createConvention(ctx.service, given(args.input)) })),
    conventionUpdate: (_root, args, ctx) =>
      payload(async () => ({ convention: await updateConvention(ctx.service, args.id, patchOf(args.input, CONVENTION_CLEARABLE)) })),
    conventionDelete: (_root, args, ctx) => payload(() => deleteConvention(ctx.service, args.id)).then(withOk),
    conventionTranslationUpdate: (_root, args, ctx) =>
      payload(async () => ({ translation: await updateConventionTranslation(ctx.service, args.id, args.input) })),
    addStageToConvention: (_root, args, ctx) =>
      payload(async () => ({ convention: await addStageToConvention(ctx.service, args.id, args.stageID) })),
    removeStageFromConvention: (_root, args, ctx) =>
      payload(async () => ({ convention: await removeStageFromConvention(ctx.service, args.id, args.stageID) })),
    stageCreate: (_root, args, ctx) => payload(async () => ({ stage: await createStage(ctx.service, given(args.input)) })),
    stageUpdate,
    updateStage: stageUpdate,
    stageDelete: (_root, args, ctx) => payload(() => deleteStage(ctx.service, args.id)).then(withOk),
    stageTranslationCreate: (_root, args, ctx) =>
      payload(async () => ({ translation: await createStageTranslation(ctx.service, args.stageId, args.input) })),
    stageTranslationUpdate: (_root, args, ctx) =>
      payload(async () => ({ translation: await updateStageTranslation(ctx.service, args.id, args.input) })),
    scheduleCreate: (_root, args, ctx) =>
      payload(async () => ({ scheduleEntry: await createScheduleEntry(ctx.service, given(args.input)) })),
    scheduleUpdate: (_root, args, ctx) =>
      payload(async () => ({
        scheduleEntry: await updateScheduleEntry(ctx.service, args.id, patchOf(args.input, ['thumbnailId', 'speakerOrganization'])),
      })),
    scheduleDelete: (_root, args, ctx) => payload(() => deleteScheduleEntry(ctx.service, args.id)).then(withOk),
    onDemandContentCreate: (_root, args, ctx) =>
      payload(async () => ({ onDemandContent: await createOnDemandContent(ctx.service, given(args.input)) })),
    onDemandContentUpdate: (_root, args, ctx) =>
      payload(async () => ({
        onDemandContent: await updateOnDemandContent(ctx.service, args.id, patchOf(args.input, ['thumbnailId', 'contentPageId'])),
      })),
    onDemandContentDelete: (_root, args, ctx) => payload(() => deleteOnDemandContent(ctx.service, args.id)).then(withOk),
    exhibitionCreate: (_root, args, ctx) =>
      payload(async () => ({ exhibition: await createExhibition(ctx.service, given(args.input)) })),
    exhibitionUpdate,
    mutateExhibitionUpdate: exhibitionUpdate,
    exhibitionDelete: (_root, args, ctx) => payload(() => deleteExhibition(ctx.service, args.id)).then(withOk),
  },
};
