import type { z } from 'zod';
import { SetNewPasswordSchema } from '~/lib/schemas/auth';
import type { RequestContext } from '~/server/request-context.server';
import { submitForm } from '~/server/route-kit.server';

/**
 * The action half of a page that sets a password from a mail's link (`?email=…&token=…`: the reset mail, the
 * blind-matching mail). A form without the link's e-mail or token names the broken link (`linkBrokenKey`) rather
 * than the fields; the password fields' own errors stay at the fields.
 */
export function submitMailLinkPassword<R>(
  context: RequestContext,
  formData: FormData,
  formId: string,
  linkBrokenKey: string,
  work: (input: z.output<typeof SetNewPasswordSchema>) => Promise<R>,
) {
  const linkBroken = !String(formData.get('email') ?? '') || !String(formData.get('token') ?? '');
  return submitForm(context, formData, formId, SetNewPasswordSchema, work, {
    markInvalid: context.service.t(linkBroken ? linkBrokenKey : 'errors:correctFields'),
    knownFields: ['password', 'passwordRepeat'],
    status: 400,
  });
}
