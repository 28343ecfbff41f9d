import { z } from 'zod';

/**
 * The forms of /appointments (issue 27), shared by the browser's validation and the action. Each posts its `intent`.
 * Weekly hours: one range per weekday (ISO 1 = Monday … 7 = Sunday) as `start1`/`end1` … `start7`/`end7`; a day
 * left empty has no hours.
 */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const time = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .optional();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const member = z.string().uuid().optional();

export const HoursForm = z
  .object({
    intent: z.literal('hours'),
    member,
    timeZone: z.string().trim().min(1).max(64),
    slotMinutes: z.coerce.number().int().min(5).max(480),
    bufferMinutes: z.coerce.number().int().min(0).max(240),
    ...Object.fromEntries(WEEKDAYS.flatMap((d) => [[`start${d}`, time], [`end${d}`, time]])),
  })
  .superRefine((value, issues) => {
    for (const d of WEEKDAYS) {
      const start = (value as unknown as Record<string, string | undefined>)[`start${d}`];
      const end = (value as unknown as Record<string, string | undefined>)[`end${d}`];
      if (Boolean(start) !== Boolean(end) || (start && end && start >= end)) {
        issues.addIssue({ code: z.ZodIssueCode.custom, path: [`end${d}`], params: { i18n: 'timeRange' } });
      }
    }
  });

export type HoursInput = z.output<typeof HoursForm>;

/** The weekly hours of the hours form's fields. */
export function weeklyHoursOf(value: HoursInput): { weekday: number; start: string; end: string }[] {
  const fields = value as unknown as Record<string, string | undefined>;
  return WEEKDAYS.flatMap((weekday) => {
    const start = fields[`start${weekday}`];
    const end = fields[`end${weekday}`];
    return start && end ? [{ weekday, start, end }] : [];
  });
}

export const DayOffForm = z.object({ intent: z.literal('dayOff'), member, date: day });
export const RemoveDayOffForm = z.object({ intent: z.literal('removeDayOff'), member, date: day });
export const ConfirmationForm = z.object({
  intent: z.literal('confirmation'),
  member,
  type: z.enum(['CUSTOM_MESSAGE', 'JITSI_LINK']),
  message: z.string().trim().max(2000).optional(),
});
export const CancelBookingForm = z.object({ intent: z.literal('cancel'), id: z.string().uuid(), name: z.string().max(400).optional() });
export const SlotStatusForm = z.object({
  intent: z.literal('slot'),
  id: z.string().uuid(),
  start: z.string().datetime(),
  end: z.string().datetime(),
  status: z.enum(['AVAILABLE', 'UNAVAILABLE']),
  member,
});

/** A single slot added by hand: a day and times in the edited contact person's zone, free or blocked from the start. */
export const AddSlotForm = z
  .object({
    intent: z.literal('addSlot'),
    member,
    date: day,
    start: z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
    end: z.string().trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
    status: z.enum(['AVAILABLE', 'UNAVAILABLE']).default('AVAILABLE'),
  })
  .refine((value) => value.end > value.start, { path: ['end'], params: { i18n: 'timeRange' } });

/** Who may book the organisation's slots (admins; the service's policy decides). */
export const BookingAccessForm = z.object({ intent: z.literal('access'), access: z.enum(['PUBLIC', 'LOGGED_IN']) });

export const AppointmentIntents = z.object({ intent: z.enum(['hours', 'dayOff', 'removeDayOff', 'confirmation', 'cancel', 'slot', 'addSlot', 'access']) });

export const HERE = '/appointments';
