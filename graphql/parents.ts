import type { Language } from '~/lib/language';
import type { ConventionRecord } from '~/server/services/events/conventions';
import type { StageRecord, ScheduleEntryRecord } from '~/server/services/events/loaders';
import type { HallRecord } from '~/server/services/events/stand-loaders';

/**
 * Parents of the events API types that carry more than their row (codegen `mappers`, see graphql/mappers.ts).
 * The rows themselves are the events services' records: the columns of their models (db/models/), by column name.
 */

/** A record answered for a language (`lang` of a root query): its `translation` field defaults to that language. */
type WithLanguage<T> = T & { requestedLanguage?: Language | null };

export type ConventionParent = WithLanguage<ConventionRecord>;
export type StageParent = WithLanguage<StageRecord>;
export type ScheduleEntryParent = WithLanguage<ScheduleEntryRecord>;
/** `visited`: the hall passed the visitor's access checks (fetchConventionHall/-Stand), so `stands` may list its stands. */
export type HallParent = HallRecord & { visited?: boolean };
