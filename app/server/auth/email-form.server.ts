import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import type { Guards } from '~/lib/guards';
import { ForgottenPasswordSchema } from '~/lib/schemas/auth';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import type { RequestContext } from '~/server/request-context.server';
import { submitForm } from '~/server/route-kit.server';

/**
 * The action of a page that asks for an e-mail address and mails it (`EmailAuthForm`: forgotten password, activation
 * mail again): guards, the address, the service call (its errors 400 on the address), then on to `to`.
 */
export function emailFormAction(guards: Guards, form: string, send: (context: RequestContext, email: string) => Promise<unknown>, to: string) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    await runGuards({ request, context, params }, guards);
    const done = await submitForm(context, await readForm(request), form, ForgottenPasswordSchema, ({ email }) => send(context, email), {
      markInvalid: true,
      knownFields: ['email'],
      // the address's own error says it all: no "correct the marked fields" beside it
      correctFieldsMessage: undefined,
      status: 400,
    });
    if (!done.ok) return done.answer;
    return redirect(to);
  };
}
