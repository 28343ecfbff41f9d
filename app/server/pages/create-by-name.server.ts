import type { ActionFunctionArgs } from '@remix-run/node';
import type { Guards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import type { RequestContext } from '~/server/request-context.server';
import { intentOf, intentsOf, submitForm } from '~/server/route-kit.server';
import { createConventionByName } from '~/server/services/events/conventions';
import { createExhibitionByName } from '~/server/services/events/exhibitions';
import { createStageByName } from '~/server/services/events/stages';
import { redirectWithToast } from '~/server/toast.server';
import { createByNameForm, type CreateIntent } from '~/lib/schemas/event-forms';

const CREATE: Record<CreateIntent, { call: (ctx: RequestContext['service'], name: string) => Promise<{ slug: string }>; to: string; toast: string }> = {
  createConvention: { call: (ctx, name) => createConventionByName(ctx, { name }), to: '/events/convention/', toast: 'events:pages.toast.conventionCreated' },
  createExhibition: { call: (ctx, name) => createExhibitionByName(ctx, { name }), to: '/events/exhibition/', toast: 'events:pages.toast.exhibitionCreated' },
  createStage: { call: (ctx, name) => createStageByName(ctx, { name }), to: '/events/stage/', toast: 'events:pages.toast.stageCreated' },
};

/**
 * The action of a page with "create by name" forms (/events, /stage, /exhibition), one per intent of `intents`
 * (another intent is a 400): the guards, then on success the new object's dashboard with a toast, otherwise the
 * form's reply (`form` names the intent, so a page with several of these boxes shows the error at the right one).
 */
export function createByNameAction(guards: Guards, intents: readonly [CreateIntent, ...CreateIntent[]]) {
  const Intents = intentsOf(intents);
  return async ({ request, context, params }: ActionFunctionArgs) => {
    await runGuards({ request, context, params }, guards);
    const formData = await readForm(request);
    const { intent } = intentOf(formData, Intents);
    const { call, to, toast } = CREATE[intent];
    const done = await submitForm(context, formData, intent, createByNameForm(intent), ({ name }) => call(context.service, name));
    if (!done.ok) return done.answer;
    return redirectWithToast(`${to}${done.value.slug}`, { type: 'success', key: toast, values: { name: done.input.name } });
  };
}
