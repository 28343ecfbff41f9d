import { AppointmentSettings, type AppointmentConfirmationType } from '#db/models/index';
import { inTransaction, type ServiceContext } from '../../context.server';
import { DomainError } from '../errors';
import { targetContactPerson } from './availability';
import { messageMissing } from './policy';

const MAX_MESSAGE = 2000;

/**
 * `SetOrgAppointmentConfirmationType`: how a contact person confirms a booking (spec 000 point 3): CUSTOM_MESSAGE
 * needs a message ("You need to enter a message!", MESSAGE_MISSING, spec 001 point 5); JITSI_LINK gives each booking
 * its own unguessable meeting link. The viewer's own, or any member's as admin.
 */
export async function setConfirmationType(
  ctx: ServiceContext,
  input: { organizationId?: string; userId?: string | null; type: AppointmentConfirmationType; message?: string | null },
): Promise<AppointmentSettings> {
  const { organizationId, userId } = await targetContactPerson(ctx, input.organizationId, input.userId);
  if (input.type !== 'CUSTOM_MESSAGE' && input.type !== 'JITSI_LINK') throw new DomainError('INVALID', ctx.t('errors:appointments.confirmationType'), 'type');
  const message = typeof input.message === 'string' ? input.message.trim() : '';
  if (input.type === 'CUSTOM_MESSAGE' && !message) throw messageMissing(ctx);
  if (message.length > MAX_MESSAGE) throw new DomainError('INVALID', ctx.t('errors:appointments.messageTooLong', { max: MAX_MESSAGE }), 'message');
  const patch = { confirmation_type: input.type, confirmation_message: message || null };
  return inTransaction(ctx, async (tx) => {
    const existing = await AppointmentSettings.query(tx.db).findOne({ organization_id: organizationId, user_id: userId }).forUpdate();
    if (existing) return existing.$query(tx.db).patchAndFetch(patch);
    return AppointmentSettings.query(tx.db).insert({ organization_id: organizationId, user_id: userId, active: false, ...patch }).returning('*');
  });
}

/** `OrgAppointmentConfirmationType`: the confirmation type of a contact person (own by default). */
export async function confirmationTypeOf(
  ctx: ServiceContext,
  input: { organizationId?: string; userId?: string | null } = {},
): Promise<{ type: AppointmentConfirmationType; message: string | null }> {
  const { organizationId, userId } = await targetContactPerson(ctx, input.organizationId, input.userId);
  const settings = await AppointmentSettings.query(ctx.db).findOne({ organization_id: organizationId, user_id: userId });
  return { type: settings?.confirmation_type ?? 'JITSI_LINK', message: settings?.confirmation_message ?? null };
}
