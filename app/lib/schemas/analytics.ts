import { z } from 'zod';
import { dateInRange } from './dates';

/** The objects statistics are kept for, most specific first (a filter naming several reads the first). */
export const ANALYTICS_SCOPE_KINDS = ['stand', 'room', 'content', 'stage', 'hall', 'exhibition', 'convention'] as const;
export type AnalyticsScope = (typeof ANALYTICS_SCOPE_KINDS)[number];

const optionalId = z.string().uuid().nullish();

/**
 * The visit-statistics filter of both doors (issue 30): one object (convention, in-house fair, hall, stand, stage,
 * room or content page; none: everything the organisation owns) and a period of whole UTC days (default: the last
 * 28 days, at most 366).
 */
export const VisitStatisticsFilterSchema = z
  .object({
    conventionId: optionalId,
    exhibitionId: optionalId,
    hallId: optionalId,
    standId: optionalId,
    stageId: optionalId,
    roomId: optionalId,
    contentPageId: optionalId,
    from: dateInRange.nullish(),
    to: dateInRange.nullish(),
  })
  .refine((f) => !f.from || !f.to || f.from.getTime() <= f.to.getTime(), { params: { i18n: 'period' }, path: ['to'] })
  .refine((f) => !f.from || !f.to || f.to.getTime() - f.from.getTime() <= 366 * 86_400_000, { params: { i18n: 'period' }, path: ['from'] });

export type VisitStatisticsFilter = z.input<typeof VisitStatisticsFilterSchema>;

/** The page's filter as a form sends it: the object as `kind:id`, the period as two dates. */
export const AnalyticsPageFilterSchema = z.object({
  scope: z
    .string()
    .regex(/^(stand|room|content|stage|hall|exhibition|convention):[0-9a-f-]{36}$/)
    .optional()
    .catch(undefined),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
});
