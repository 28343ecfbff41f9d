import { parseWithZod } from '@conform-to/zod';
import type { z } from 'zod';
import { createZodErrorMap } from '~/lib/validation-messages';
import type { RequestContext } from './request-context.server';

/** parseWithZod with messages in the request's language (the same error map the browser uses). */
export function parseForm<S extends z.ZodTypeAny>(context: RequestContext, formData: FormData, schema: S) {
  return parseWithZod(formData, { schema, errorMap: createZodErrorMap(context.service.t) });
}
