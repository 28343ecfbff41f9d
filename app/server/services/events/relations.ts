import type { BaseStand, ImageFoyer, StandNode } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import {
  conventionIdsOfStage,
  conventionTranslations,
  onDemandOfConvention,
  onDemandTranslations,
  organizationSummaryById,
  scheduleEntryTranslations,
  scheduleOfStage,
  stageById,
  stageTranslations,
  type OrganizationSummary,
} from './loaders';
import { isListed, mayReadPreviewSlug, mayReadStandHalls } from './policy';
import {
  baseStandById,
  conventionHallLink,
  foyerByConvention,
  foyerPointsByFoyer,
  hallById,
  hallStandsByHall,
  hallStandsByStand,
  hallTranslationsByHall,
  nodesByStand,
  pointsByNode,
  pointTranslationsByPoint,
  standListedAnywhere,
  standOrganizationById,
  standTranslationsByStand,
  type StandOrganization,
} from './stand-loaders';

/**
 * What the events API types reach from an object the caller already read through a service (which applied the
 * access rules to it): its texts, its parts, its organisation's public face. The per-request batch loaders behind
 * these stay inside the events domain (decision 009), so a list of N objects costs one statement per relation and
 * nobody outside the domain gets rows without the rule that goes with them.
 */

export type TextsOf = 'convention' | 'stage' | 'scheduleEntry' | 'onDemand' | 'hall' | 'stand' | 'point';

const TEXTS = {
  convention: conventionTranslations,
  stage: stageTranslations,
  scheduleEntry: scheduleEntryTranslations,
  onDemand: onDemandTranslations,
  hall: hallTranslationsByHall,
  stand: standTranslationsByStand,
  point: pointTranslationsByPoint,
} as const;

type TextsLoader<K extends TextsOf> = ReturnType<(typeof TEXTS)[K]>;

/** The texts of an events object in every language, by language. */
export function textsOf<K extends TextsOf>(ctx: ServiceContext, kind: K, id: string): ReturnType<TextsLoader<K>['load']> {
  return (TEXTS[kind](ctx) as TextsLoader<K>).load(id) as ReturnType<TextsLoader<K>['load']>;
}

/** The on-demand content of a convention. */
export function onDemandOf(ctx: ServiceContext, conventionId: string) {
  return onDemandOfConvention(ctx).load(conventionId);
}

/** The public face of an organisation (organiser of a convention, speaker's organisation): name, slug, support, chat. */
export async function organizationSummaryOf(ctx: ServiceContext, organizationId: string): Promise<OrganizationSummary> {
  const organization = await organizationSummaryById(ctx).load(organizationId);
  // the foreign key keeps the organisation; a missing one is a bug, not a user error
  if (!organization) throw new Error('The organisation of an event object is missing');
  return organization;
}

/** The talks of a stage by start time. */
export function scheduleOf(ctx: ServiceContext, stageId: string) {
  return scheduleOfStage(ctx).load(stageId);
}

/** The stage of an in-house fair, or null. */
export async function stageOf(ctx: ServiceContext, exhibition: { stage_id: string | null }) {
  return exhibition.stage_id ? stageById(ctx).load(exhibition.stage_id) : null;
}

export async function isStageOfConvention(ctx: ServiceContext, stageId: string, conventionId: string): Promise<boolean> {
  return (await conventionIdsOfStage(ctx).load(stageId)).includes(conventionId);
}

export function isHallOfConvention(ctx: ServiceContext, hallId: string, conventionId: string): Promise<boolean> {
  return conventionHallLink(ctx).load(`${conventionId}:${hallId}`);
}

/** The hall of a hall stand. */
export async function hallOf(ctx: ServiceContext, hallStand: { hall_id: string }) {
  const hall = await hallById(ctx).load(hallStand.hall_id);
  // the foreign key keeps the hall; a missing one is a bug, not a user error
  if (!hall) throw new Error('The hall of a hall stand is missing');
  return hall;
}

/** The name a hall stand shows: its base stand's, else its slug. */
export async function standNameOf(ctx: ServiceContext, hallStand: { stand_id: string; slug: string }): Promise<string> {
  return (await baseStandById(ctx).load(hallStand.stand_id))?.name ?? hallStand.slug;
}

/** A hall stand's preview slug for the host and the exhibitor (policy.mayReadPreviewSlug), else null. */
export async function previewSlugOf(
  ctx: ServiceContext,
  hallStand: { organization_id: string; stand_id: string; preview_slug: string },
): Promise<string | null> {
  if (mayReadPreviewSlug(ctx.viewer, hallStand, null)) return hallStand.preview_slug;
  const stand = await baseStandById(ctx).load(hallStand.stand_id);
  return stand && mayReadPreviewSlug(ctx.viewer, hallStand, stand.organization_id) ? hallStand.preview_slug : null;
}

/** The organisation owning the stand behind a hall stand (its public face: name, support address, chat), or null. */
export async function standOwnerOf(ctx: ServiceContext, hallStand: { stand_id: string }): Promise<StandOrganization | null> {
  const stand = await baseStandById(ctx).load(hallStand.stand_id);
  return stand ? standOrganizationById(ctx).load(stand.organization_id) : null;
}

/**
 * The listed stands (both consents, policy.isListed) of the given halls, by id and name, for the pickers of the
 * halls' own organisation (the convention dashboard's foyer targets): what visitors can find there anyway.
 */
export async function listedStandsOfHalls(ctx: ServiceContext, hallIds: string[]): Promise<{ id: string; name: string }[]> {
  const hallStands = (await Promise.all(hallIds.map((id) => hallStandsByHall(ctx).load(id)))).flat().filter(isListed);
  const stands = await Promise.all(hallStands.map((hs) => baseStandById(ctx).load(hs.stand_id)));
  return stands.flatMap((s) => (s ? [{ id: s.id, name: s.name }] : []));
}

/** Whether the stand is listed in at least one hall. */
export function isStandListed(ctx: ServiceContext, standId: string): Promise<boolean> {
  return standListedAnywhere(ctx).load(standId);
}

/** What a stand shows of its organisation. */
export async function standOrganizationOf(ctx: ServiceContext, stand: Pick<BaseStand, 'organization_id'>): Promise<StandOrganization> {
  const organization = await standOrganizationById(ctx).load(stand.organization_id);
  if (!organization) throw new Error('The organisation of a stand is missing');
  return organization;
}

/** The halls a stand joined (invitations and applications too): for the stand's organisation only (policy.mayReadStandHalls). */
export async function hallsOfStand(ctx: ServiceContext, stand: Pick<BaseStand, 'id' | 'organization_id'>) {
  return mayReadStandHalls(ctx.viewer, stand) ? hallStandsByStand(ctx).load(stand.id) : [];
}

/** The views of a stand (all languages). */
export function nodesOf(ctx: ServiceContext, stand: Pick<BaseStand, 'id'>) {
  return nodesByStand(ctx).load(stand.id);
}

/** The points of a stand view in their order. */
export function pointsOf(ctx: ServiceContext, node: Pick<StandNode, 'id'>) {
  return pointsByNode(ctx).load(node.id);
}

/** The image foyer of a convention, or null. */
export function foyerOf(ctx: ServiceContext, conventionId: string) {
  return foyerByConvention(ctx).load(conventionId);
}

/** The points of an image foyer. */
export function foyerPointsOf(ctx: ServiceContext, foyer: Pick<ImageFoyer, 'id'>) {
  return foyerPointsByFoyer(ctx).load(foyer.id);
}
