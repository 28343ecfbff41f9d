import { parse, type Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { z } from 'zod';
import { createZodErrorMap } from '~/lib/validation-messages';
import { formDataProblems, MAX_REQUEST_STRING_CHARS } from './hygiene.server';
import type { RequestContext } from './request-context.server';

/**
 * parseWithZod with messages in the request's language (the same error map the browser uses). Fields that fail
 * the request hygiene (NUL bytes, lone surrogates, absurd lengths) are field errors before the schema runs, so
 * they never reach a service or the database.
 */
export function parseForm<S extends z.ZodTypeAny>(
  context: RequestContext,
  formData: FormData,
  schema: S,
): Submission<z.input<S>, string[], z.output<S>> {
  const problems = formDataProblems(formData);
  if (problems.length) {
    const t = context.service.t;
    const error = Object.fromEntries(
      problems.map(({ path, problem }) => [
        path,
        [problem === 'TOO_LONG' ? t('validation:maxLength', { max: MAX_REQUEST_STRING_CHARS }) : t('validation:invalidCharacters')],
      ]),
    );
    return parse(formData, { resolve: () => ({ error }) }) as Submission<z.input<S>, string[], z.output<S>>;
  }
  return parseWithZod(formData, { schema, errorMap: createZodErrorMap(context.service.t) });
}
