import type { SubmissionResult } from '@conform-to/react';
import { BUSINESS_CARD_FIELDS, BusinessCardSchema } from '~/lib/schemas/auth';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import type { RequestContext } from '~/server/request-context.server';
import { addressCreate, addressOfUser, addressUpdate } from '~/server/services/accounts';

/**
 * Saves the viewer's business card from a posted form (contact page and the convention's business-card modal):
 * all data required, names from the account. Returns the Conform reply on failure, else the toast key.
 */
export async function saveBusinessCard(
  context: RequestContext,
  formData: FormData,
): Promise<{ ok: true; toastKey: string } | { ok: false; result: SubmissionResult<string[]>; status: number }> {
  const t = context.service.t;
  const submission = parseForm(context, formData, BusinessCardSchema);
  if (submission.status !== 'success') return { ok: false, result: submission.reply({ formErrors: [t('errors:correctFields')] }), status: 400 };
  const { intent: _intent, ...fields } = submission.value;
  const viewer = context.viewer!;
  const input = { ...fields, firstName: viewer.firstName, lastName: viewer.lastName };
  const existing = await addressOfUser(context.service, viewer.userId);
  const result = await formAction(
    submission,
    () =>
      existing
        ? addressUpdate(context.service, existing.id, input, { allDataRequired: true })
        : addressCreate(context.service, input, { allDataRequired: true }),
    { correctFieldsMessage: t('errors:correctFields'), knownFields: BUSINESS_CARD_FIELDS },
  );
  if (!result.ok) return { ok: false, result: result.reply, status: result.status };
  return { ok: true, toastKey: existing ? 'auth:contact.addressUpdated' : 'auth:contact.addressAdded' };
}

/** Whether the stored card has everything the business-card form requires. */
export function isBusinessCardComplete(address: Partial<Record<(typeof BUSINESS_CARD_FIELDS)[number], unknown>> | null): boolean {
  if (!address) return false;
  return (['companyName', 'streetAddress1', 'houseNo', 'postalCode', 'city', 'phone'] as const).every(
    (field) => typeof address[field] === 'string' && (address[field] as string).trim() !== '',
  );
}
