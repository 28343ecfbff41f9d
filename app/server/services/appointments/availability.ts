import { CalendarDateTime, toZoned } from '@internationalized/date';
import { z } from 'zod';
import { AppointmentSettings, AppointmentSlot, OrganizationMember, type AppointmentSlotStatus, type WeeklyHours } from '#db/models/index';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { mayManageContactPerson, requireAppointmentMember, slotNotFound } from './policy';

/**
 * A contact person's availability (issue 27): weekly hours in their own IANA time zone, slot length, buffer, dates off
 * and single slots added or made (UN)AVAILABLE by hand. Saving the hours regenerates the AVAILABLE slots of the next
 * four weeks; booked and hand-made slots are never touched. Times are stored in UTC; a slot's start is computed in
 * the contact person's zone for each day, so the local times stay right across daylight-saving changes.
 */

export const SLOT_HORIZON_DAYS = 28;
export const DEFAULT_TIME_ZONE = 'Europe/Berlin';
const MAX_SLOTS_PER_CALL = 200;

/** True for an IANA time zone name this runtime knows. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || !value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const WeeklyHoursSchema = z
  .object({ weekday: z.number().int().min(1).max(7), start: z.string().regex(TIME), end: z.string().regex(TIME) })
  .refine((h) => minutesOf(h.end) > minutesOf(h.start), { path: ['end'], message: 'end must be after start' });

export const SettingsSchema = z.object({
  timeZone: z.string().refine(isTimeZone, 'unknown time zone'),
  slotMinutes: z.number().int().min(5).max(480),
  bufferMinutes: z.number().int().min(0).max(240),
  weeklyHours: z.array(WeeklyHoursSchema).max(70),
  datesOff: z.array(z.string().regex(DAY)).max(366),
});

export type SettingsInput = z.infer<typeof SettingsSchema>;

const SlotInputSchema = z
  .object({
    id: z.string().uuid().optional().nullable(),
    start: z.coerce.date(),
    end: z.coerce.date(),
    status: z.enum(['AVAILABLE', 'UNAVAILABLE']),
  })
  .refine((s) => s.end.getTime() > s.start.getTime(), { path: ['end'], message: 'end must be after start' })
  .refine((s) => s.end.getTime() - s.start.getTime() <= 8 * 3600_000, { path: ['end'], message: 'at most 8 hours' });

/**
 * The contact person whose appointments the viewer manages: `userId` when given (admins: any member of the
 * organisation; others only themselves), else the viewer. PERMISSION_DENIED for anyone else; NOT_FOUND for a user who
 * is not a member.
 */
export async function targetContactPerson(ctx: ServiceContext, organizationId: string | undefined, userId?: string | null) {
  const { viewer, organizationId: orgId } = requireAppointmentMember(ctx, organizationId);
  const target = userId ?? viewer.userId;
  if (!mayManageContactPerson(viewer, orgId, target)) throw new DomainError('PERMISSION_DENIED', ctx.t('errors:permissionDenied'));
  if (target !== viewer.userId) {
    // a userId that is no id at all is a contact person that does not exist (never a database error)
    assertId(ctx, target, 'userId');
    const member = await OrganizationMember.query(ctx.db).findOne({ organization_id: orgId, user_id: target });
    if (!member) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'userId');
  }
  return { viewer, organizationId: orgId, userId: target };
}

function defaultSettings(organizationId: string, userId: string): AppointmentSettings {
  return AppointmentSettings.fromJson({
    organization_id: organizationId,
    user_id: userId,
    time_zone: DEFAULT_TIME_ZONE,
    slot_minutes: 30,
    buffer_minutes: 0,
    weekly_hours: [],
    dates_off: [],
    confirmation_type: 'JITSI_LINK',
    confirmation_message: null,
    active: false,
  });
}

/** The settings of a contact person (the viewer's own by default), or the defaults when none were saved. */
export async function getSettings(ctx: ServiceContext, input: { organizationId?: string; userId?: string | null } = {}): Promise<AppointmentSettings> {
  const { organizationId, userId } = await targetContactPerson(ctx, input.organizationId, input.userId);
  return (await AppointmentSettings.query(ctx.db).findOne({ organization_id: organizationId, user_id: userId })) ?? defaultSettings(organizationId, userId);
}

/** ISO weekday (1 = Monday) of a calendar date. */
const isoWeekday = (y: number, m: number, d: number) => {
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The instant of a wall-clock time in a zone (the earlier one when the time is repeated, as at the end of DST). */
export function zonedInstant(timeZone: string, y: number, m: number, d: number, minutes: number): Date {
  return toZoned(new CalendarDateTime(y, m, d, Math.floor(minutes / 60), minutes % 60), timeZone, 'earlier').toDate();
}

/** Today's calendar date in a zone. */
function todayIn(timeZone: string, now: Date): { y: number; m: number; d: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { y: part('year'), m: part('month'), d: part('day') };
}

/**
 * The slots weekly hours give from `from`'s day in the zone for `days` days (starting after `from`): each opening
 * runs from its start to its end in real time (a night across the end of DST has its extra hour), slots of
 * `slotMinutes` every `slotMinutes + bufferMinutes`. Pure; the DST tests call it.
 */
export function slotsFromHours(
  settings: Pick<SettingsInput, 'timeZone' | 'slotMinutes' | 'bufferMinutes' | 'weeklyHours' | 'datesOff'>,
  from: Date,
  days = SLOT_HORIZON_DAYS,
): { start: Date; end: Date }[] {
  const out: { start: Date; end: Date }[] = [];
  const off = new Set(settings.datesOff);
  const first = todayIn(settings.timeZone, from);
  const slotMs = settings.slotMinutes * 60_000;
  const stepMs = (settings.slotMinutes + settings.bufferMinutes) * 60_000;
  for (let i = 0; i < days; i += 1) {
    const date = new Date(Date.UTC(first.y, first.m - 1, first.d + i));
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    if (off.has(iso)) continue;
    const weekday = isoWeekday(y, m, d);
    for (const hours of settings.weeklyHours.filter((h) => h.weekday === weekday).sort((a, b) => a.start.localeCompare(b.start))) {
      const windowStart = zonedInstant(settings.timeZone, y, m, d, minutesOf(hours.start)).getTime();
      const windowEnd = zonedInstant(settings.timeZone, y, m, d, minutesOf(hours.end)).getTime();
      for (let t = windowStart; t + slotMs <= windowEnd; t += stepMs) {
        if (t > from.getTime()) out.push({ start: new Date(t), end: new Date(t + slotMs) });
      }
    }
  }
  return out;
}

const overlaps = (a: { start: Date; end: Date }, b: { start_at: Date; end_at: Date }) =>
  a.start.getTime() < new Date(b.end_at).getTime() && new Date(b.start_at).getTime() < a.end.getTime();

/** Replaces the future generated AVAILABLE slots of a contact person by those of their hours; the rest stays. */
async function regenerateSlots(ctx: ServiceContext, settings: AppointmentSettings): Promise<void> {
  const now = new Date();
  await AppointmentSlot.query(ctx.db)
    .delete()
    .where({ organization_id: settings.organization_id, user_id: settings.user_id, status: 'AVAILABLE', manual: false })
    .where('start_at', '>', now);
  if (!settings.active) return;
  const kept = await AppointmentSlot.query(ctx.db)
    .where({ user_id: settings.user_id })
    .where('end_at', '>', now)
    .select('start_at', 'end_at');
  const fresh = slotsFromHours(
    {
      timeZone: settings.time_zone,
      slotMinutes: settings.slot_minutes,
      bufferMinutes: settings.buffer_minutes,
      weeklyHours: settings.weekly_hours,
      datesOff: settings.dates_off,
    },
    now,
  ).filter((slot) => !kept.some((k) => overlaps(slot, k)));
  const rows = fresh.map((slot) => ({
    organization_id: settings.organization_id,
    user_id: settings.user_id,
    start_at: slot.start,
    end_at: slot.end,
    status: 'AVAILABLE' as const,
    manual: false,
  }));
  for (let i = 0; i < rows.length; i += 500) await ctx.db('appointment_slots').insert(rows.slice(i, i + 500));
}

/**
 * Saves a contact person's hours, zone, slot length, buffer and dates off (the viewer's own; admins any member's),
 * then regenerates the AVAILABLE slots of the next four weeks. Booked and hand-made slots are kept.
 */
export async function saveSettings(
  ctx: ServiceContext,
  input: { organizationId?: string; userId?: string | null; active?: boolean } & Partial<SettingsInput>,
): Promise<AppointmentSettings> {
  const { organizationId, userId } = await targetContactPerson(ctx, input.organizationId, input.userId);
  const values = parseInput(ctx, SettingsSchema, {
    timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
    slotMinutes: input.slotMinutes ?? 30,
    bufferMinutes: input.bufferMinutes ?? 0,
    weeklyHours: input.weeklyHours ?? [],
    datesOff: input.datesOff ?? [],
  });
  const weeklyHours: WeeklyHours[] = values.weeklyHours.map((h) => ({ weekday: h.weekday, start: h.start, end: h.end }));
  return inTransaction(ctx, async (tx) => {
    const patch = {
      time_zone: values.timeZone,
      slot_minutes: values.slotMinutes,
      buffer_minutes: values.bufferMinutes,
      weekly_hours: weeklyHours,
      dates_off: [...new Set(values.datesOff)].sort(),
      active: input.active ?? true,
    };
    const existing = await AppointmentSettings.query(tx.db).findOne({ organization_id: organizationId, user_id: userId }).forUpdate();
    const settings = existing
      ? await existing.$query(tx.db).patchAndFetch(patch)
      : await AppointmentSettings.query(tx.db).insert({ organization_id: organizationId, user_id: userId, ...patch }).returning('*');
    await regenerateSlots(tx, settings);
    return settings;
  });
}

/**
 * `AppointmentAvailabilitySet`: adds single slots (no id) and marks existing ones AVAILABLE or UNAVAILABLE by hand
 * (they are then kept when the hours change). A booked slot is not changed here (SLOT_ALREADY_BOOKED: cancel it
 * first); a new slot may not overlap another of the contact person's slots (INVALID).
 */
export async function setAvailability(
  ctx: ServiceContext,
  input: { organizationId?: string; userId?: string | null; slots: { id?: string | null; start: Date | string; end: Date | string; status: AppointmentSlotStatus }[] },
): Promise<AppointmentSlot[]> {
  const { organizationId, userId } = await targetContactPerson(ctx, input.organizationId, input.userId);
  const slots = parseInput(ctx, z.array(SlotInputSchema).max(MAX_SLOTS_PER_CALL), input.slots ?? []);
  return inTransaction(ctx, async (tx) => {
    const out: AppointmentSlot[] = [];
    for (const [index, slot] of slots.entries()) {
      if (slot.id) {
        const existing = await AppointmentSlot.query(tx.db).findOne({ id: slot.id, organization_id: organizationId, user_id: userId }).forUpdate();
        if (!existing) throw slotNotFound(ctx, `slots.${index}.id`);
        if (existing.status === 'BOOKED') throw new DomainError('SLOT_ALREADY_BOOKED', ctx.t('errors:appointments.bookedCannotChange'), `slots.${index}.id`);
        out.push(await existing.$query(tx.db).patchAndFetch({ status: slot.status, manual: true }));
        continue;
      }
      const clash = await AppointmentSlot.query(tx.db)
        .where({ user_id: userId })
        .where('start_at', '<', slot.end)
        .where('end_at', '>', slot.start)
        .first();
      if (clash) throw new DomainError('INVALID', ctx.t('errors:appointments.slotOverlaps'), `slots.${index}.start`);
      out.push(
        await AppointmentSlot.query(tx.db)
          .insert({ organization_id: organizationId, user_id: userId, start_at: slot.start, end_at: slot.end, status: slot.status, manual: true })
          .returning('*'),
      );
    }
    return out;
  });
}

/**
 * One slot added by hand in the console: a day and wall-clock times in the contact person's own zone (the viewer's
 * own; admins any member's), free or blocked from the start. It is kept when the hours change; a slot in the past or
 * overlapping another of the contact person's slots (booked ones included) is refused.
 */
export async function addSlotByHand(
  ctx: ServiceContext,
  input: { organizationId?: string; userId?: string | null; date: string; start: string; end: string; status: 'AVAILABLE' | 'UNAVAILABLE' },
): Promise<AppointmentSlot> {
  const settings = await getSettings(ctx, { organizationId: input.organizationId, userId: input.userId });
  if (!DAY.test(input.date) || !TIME.test(input.start) || !TIME.test(input.end) || minutesOf(input.end) <= minutesOf(input.start)) {
    throw new DomainError('INVALID', ctx.t('validation:timeRange'), 'end');
  }
  const [y, m, d] = input.date.split('-').map(Number) as [number, number, number];
  const start = zonedInstant(settings.time_zone, y, m, d, minutesOf(input.start));
  const end = zonedInstant(settings.time_zone, y, m, d, minutesOf(input.end));
  if (start.getTime() <= Date.now()) throw new DomainError('INVALID', ctx.t('errors:appointments.slotInPast'), 'date');
  const [slot] = await setAvailability(ctx, {
    organizationId: settings.organization_id,
    userId: settings.user_id,
    slots: [{ start, end, status: input.status }],
  });
  return slot!;
}
