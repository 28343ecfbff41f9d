import { answer, listAction } from '~/server/route-kit.server';
import { formAction } from '~/server/forms.server';
import { parseForm } from '~/server/forms-zod.server';
import type { RequestContext } from '~/server/request-context.server';
import { hallStandAccept, hallStandDecline, standApplyToHall } from '~/server/services/events/hall-stands';
import { redirectWithToast } from '~/server/toast.server';
import { ApplyToHallForm } from '~/lib/schemas/event-forms';

const DECLINED = { invited: 'declined', applied: 'withdrawn', listed: 'left' } as const;

/**
 * The exhibitor's answers to hosts, shared by /stand and /stand/{slug} (intents named like the GraphQL calls):
 * hallStandAccept, hallStandDecline and, on a stand's page (`standId`), standApplyToHall. Null for other intents.
 */
export async function hallPlacesAction(context: RequestContext, formData: FormData, here: string, standId?: string) {
  const ctx = context.service;
  const intent = formData.get('intent');
  const id = String(formData.get('id') ?? '');
  if (intent === 'hallStandAccept') return listAction(here, () => hallStandAccept(ctx, id), { key: 'events:standPages.halls.accepted' });
  if (intent === 'hallStandDecline') {
    const state = String(formData.get('state') ?? '');
    const done = state === 'applied' || state === 'listed' ? DECLINED[state] : DECLINED.invited;
    return listAction(here, () => hallStandDecline(ctx, id), { key: `events:standPages.halls.${done}` });
  }
  if (intent === 'standApplyToHall' && standId) {
    const submission = parseForm(context, formData, ApplyToHallForm);
    if (submission.status !== 'success') return answer({ form: 'apply', result: submission.reply() }, 400);
    const result = await formAction(submission, () => standApplyToHall(ctx, standId, submission.value.hallSlug), {
      correctFieldsMessage: ctx.t('errors:correctFields'),
      knownFields: ['hallSlug'],
    });
    if (!result.ok) return answer({ form: 'apply', result: result.reply }, result.status);
    return redirectWithToast(here, { type: 'success', key: result.value.approved ? 'events:standPages.halls.joined' : 'events:standPages.halls.appliedToast' });
  }
  return null;
}
