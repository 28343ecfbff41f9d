import type { ModelObject } from 'objection';
import type { Convention, Hall, ScheduleEntry, Stage } from '#db/models/index';
import type { Language } from '~/lib/language';

/**
 * Parents of the events API types that carry more than their model's columns (codegen `mappers`, see
 * graphql/mappers.ts): the model's row (`ModelObject`, so a copy of the row with the extra property fits) plus
 * what the resolvers add.
 */

/** A row answered for a language (`lang` of a root query): its `translation` field defaults to that language. */
type WithLanguage<T> = T & { requestedLanguage?: Language | null };

export type ConventionParent = WithLanguage<ModelObject<Convention>>;
export type StageParent = WithLanguage<ModelObject<Stage>>;
export type ScheduleEntryParent = WithLanguage<ModelObject<ScheduleEntry>>;
/** `visited`: the hall passed the visitor's access checks (fetchConventionHall/-Stand), so `stands` may list its stands. */
export type HallParent = ModelObject<Hall> & { visited?: boolean };
