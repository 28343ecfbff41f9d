import type { ScheduleEntry } from '#db/models/index';
import {
  ScheduleCreateSchema,
  ScheduleUpdateSchema,
  type ScheduleCreateInput,
  type ScheduleUpdateInput,
} from '~/lib/schemas/events';
import { inTransaction, type ServiceContext } from '../../context.server';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { ownedImage, publishImage } from './conventions';
import { definedOnly, ownedChildRow, requireEventMember, upsertTranslations } from './hall-common';
import { scheduleEntryTranslations, scheduleOfStage } from './loaders';
import { ownedStage } from './stages';

export type { ScheduleEntry };

function assertTimes(ctx: ServiceContext, startsAt: Date, endsAt: Date): void {
  if (endsAt <= startsAt) throw new DomainError('INVALID', ctx.t('events:errors.scheduleEndBeforeStart'), 'timestampEnd');
}

/**
 * The speaker's organisation, named by its slug (spec 001 point 5): it must exist. '' or null: none;
 * undefined: unchanged.
 */
async function speakerOrganizationId(ctx: ServiceContext, slug: string | null | undefined): Promise<string | null | undefined> {
  if (slug === undefined) return undefined;
  if (slug === null || slug === '') return null;
  const org = await ctx.db('organizations').where({ slug: slug.toLowerCase() }).first('id');
  if (!org) throw new DomainError('NOT_FOUND', ctx.t('events:errors.speakerOrganizationNotFound'), 'speakerOrganization');
  return org.id;
}

async function ownedEntry(ctx: ServiceContext, id: string): Promise<ScheduleEntry> {
  const { organizationId } = requireEventMember(ctx);
  return ownedChildRow(ctx, 'schedule_entries', 'stage_id', 'stages', id, organizationId, null);
}

export async function createScheduleEntry(ctx: ServiceContext, rawInput: ScheduleCreateInput): Promise<ScheduleEntry> {
  const { organizationId } = requireEventMember(ctx);
  const input = parseInput(ctx, ScheduleCreateSchema, rawInput);
  const stage = await ownedStage(ctx, input.stageId, 'stageId');
  assertTimes(ctx, input.timestamp, input.timestampEnd);
  const speakerOrgId = await speakerOrganizationId(ctx, input.speakerOrganization);
  const thumbnailId = await ownedImage(ctx, organizationId, input.thumbnailId, null, 'thumbnailId');
  const entry = await inTransaction(ctx, async (tx) => {
    const [row] = await tx
      .db('schedule_entries')
      .insert({
        stage_id: stage.id,
        starts_at: input.timestamp,
        ends_at: input.timestampEnd,
        ...definedOnly({
          speaker: input.speaker,
          speaker_description: input.speakerDescription,
          speaker_organization_id: speakerOrgId,
          thumbnail_id: thumbnailId,
        }),
      })
      .returning('*');
    await upsertTranslations(tx, 'schedule_entry_translations', { schedule_entry_id: row.id }, input.translations ?? []);
    return row as ScheduleEntry;
  });
  scheduleOfStage(ctx).clear(stage.id);
  await publishImage(ctx, thumbnailId);
  return entry;
}

/** Changes the named fields; the time rule is checked against the stored time that is not given. */
export async function updateScheduleEntry(ctx: ServiceContext, id: string, rawInput: ScheduleUpdateInput): Promise<ScheduleEntry> {
  const { organizationId } = requireEventMember(ctx);
  const current = await ownedEntry(ctx, id);
  const input = parseInput(ctx, ScheduleUpdateSchema, rawInput);
  assertTimes(ctx, input.timestamp ?? current.starts_at, input.timestampEnd ?? current.ends_at);
  const speakerOrgId = await speakerOrganizationId(ctx, input.speakerOrganization);
  const thumbnailId = await ownedImage(ctx, organizationId, input.thumbnailId, null, 'thumbnailId');
  const entry = await inTransaction(ctx, async (tx) => {
    const [row] = await tx
      .db('schedule_entries')
      .where({ id: current.id })
      .update({
        ...definedOnly({
          starts_at: input.timestamp,
          ends_at: input.timestampEnd,
          speaker: input.speaker,
          speaker_description: input.speakerDescription,
          speaker_organization_id: speakerOrgId,
          thumbnail_id: thumbnailId,
        }),
        updated_at: tx.db.fn.now(),
      })
      .returning('*');
    await upsertTranslations(tx, 'schedule_entry_translations', { schedule_entry_id: row.id }, input.translations ?? []);
    return row as ScheduleEntry;
  });
  scheduleOfStage(ctx).clear(current.stage_id);
  scheduleEntryTranslations(ctx).clear(current.id);
  await publishImage(ctx, thumbnailId);
  return entry;
}

export async function deleteScheduleEntry(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const entry = await ownedEntry(ctx, id);
  await ctx.db('schedule_entries').where({ id: entry.id }).delete();
  scheduleOfStage(ctx).clear(entry.stage_id);
  return { id: entry.id };
}
