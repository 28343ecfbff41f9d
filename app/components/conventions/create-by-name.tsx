import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';
import type { z } from 'zod';
import { Button } from '../ui/button';
import { TextField, useZodErrorMap } from '../ui/field';
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
  const errorMap = useZodErrorMap();
  const navigation = useNavigation();
  const schema = givenSchema ?? createByNameForm(intent as CreateIntent);
  const [form, fields] = useForm<z.input<typeof schema>>({
    id: `create-${intent}`,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema, errorMap }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value={intent} />
      <TextField field={fields.name} label={label} className="min-w-56 flex-1" />
      <Button type="submit" isDisabled={navigation.state === 'submitting'}>
        {submit}
      </Button>
      {form.errors?.length ? (
        <p role="alert" className="w-full text-sm text-brand-red">
          {form.errors.join(' ')}
        </p>
      ) : null}
    </Form>
  );
}
