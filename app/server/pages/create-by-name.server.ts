import type { RequestContext } from '~/server/request-context.server';
import { submitForm } from '~/server/route-kit.server';
import { createConventionByName } from '~/server/services/events/conventions';
import { createExhibitionByName } from '~/server/services/events/exhibitions';
import { createStageByName } from '~/server/services/events/stages';
import { redirectWithToast } from '~/server/toast.server';
import { createByNameForm, type CreateIntent } from '~/components/conventions/forms';

const CREATE: Record<CreateIntent, { call: (ctx: RequestContext['service'], name: string) => Promise<{ slug: string }>; to: string; toast: string }> = {
  createConvention: { call: (ctx, name) => createConventionByName(ctx, { name }), to: '/events/convention/', toast: 'events:pages.toast.conventionCreated' },
  createExhibition: { call: (ctx, name) => createExhibitionByName(ctx, { name }), to: '/events/exhibition/', toast: 'events:pages.toast.exhibitionCreated' },
  createStage: { call: (ctx, name) => createStageByName(ctx, { name }), to: '/events/stage/', toast: 'events:pages.toast.stageCreated' },
};

/**
 * The "create by name" forms: on success the new object's dashboard with a toast, otherwise the form's reply
 * (`form` names the intent, so a page with several of these boxes shows the error at the right one).
 */
export async function createByNameAction(context: RequestContext, formData: FormData, intent: CreateIntent) {
  const { call, to, toast } = CREATE[intent];
  const done = await submitForm(context, formData, intent, createByNameForm(intent), ({ name }) => call(context.service, name));
  if (!done.ok) return done.answer;
  return redirectWithToast(`${to}${done.value.slug}`, { type: 'success', key: toast, values: { name: done.input.name } });
}

export const isCreateIntent = (value: unknown): value is CreateIntent =>
  value === 'createConvention' || value === 'createExhibition' || value === 'createStage';
