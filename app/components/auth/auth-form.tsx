import { useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useZodErrorMap } from '../ui/field';

/**
 * Conform for the account pages: the shared zod schema validates in the browser (on blur, then as you type)
 * and the same schema runs in the action, so the pages also work without JavaScript.
 */
export function useAuthForm<Schema extends z.ZodTypeAny>(
  id: string,
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  defaultValue?: Partial<z.input<Schema>>,
) {
  const errorMap = useZodErrorMap();
  return useForm<z.input<Schema>>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    defaultValue: defaultValue as never,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema, errorMap }),
  });
}

/** Form-level messages (invalid credentials, "Please correct the marked fields ..."), announced when they appear. */
export function FormErrors({ errors, id }: { errors?: string[] | null; id?: string }) {
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-brand-red/40 bg-brand-red/5 px-3 py-2 text-sm text-brand-red">
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

/** Heading and intro of an account page inside the centred public card. */
export function AuthHeader({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <header className="mb-6">
      <h1 className="text-2xl font-semibold text-brand-dark">{title}</h1>
      {intro ? <p className="mt-2 text-sm text-gray-700">{intro}</p> : null}
    </header>
  );
}

/** `meta` of a page whose loader returns its translated `title`. */
export const titleFromLoader = ({ data }: { data: unknown }) => [{ title: (data as { title?: string } | undefined)?.title }];
