import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { z } from 'zod';
import { Button } from '../ui/button';
import { TextField } from '../ui/field';
import { FormErrors, useIsPending, useRouteForm } from '../ui/route-form';
import { createByNameForm, type CreateIntent } from './forms';

/**
 * The "create by name" box of /events, /stage, /exhibition (conventionCreateByName and its siblings), /hall and
 * /stand. `schema` overrides the form schema (it must have `intent` and `name`).
 */
export function CreateByName({
  intent,
  label,
  submit,
  lastResult,
  schema: givenSchema,
}: {
  intent: string;
  label: string;
  submit: string;
  lastResult: SubmissionResult<string[]> | undefined;
  schema?: z.ZodObject<{ intent: z.ZodLiteral<string>; name: z.ZodTypeAny }>;
}) {
  const pending = useIsPending();
  const schema = givenSchema ?? createByNameForm(intent as CreateIntent);
  const [form, fields] = useRouteForm(schema, { id: `create-${intent}`, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <TextField field={fields.name} label={label} className="min-w-56 flex-1" />
      <Button type="submit" isDisabled={pending}>
        {submit}
      </Button>
      <FormErrors errors={form.errors} className="w-full" />
    </Form>
  );
}
