import { useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from '@remix-run/react';
import type { FormEvent, ReactNode } from 'react';
import type { z } from 'zod';
import type { FormAnswer } from '~/lib/route-kit';
import { Button, buttonClassName, type ButtonProps } from './button';
import { cx } from './cx';
import { useZodErrorMap } from './field';

/**
 * The route kit's form half (decision 013): one hook for every Conform form of a page, one error list, one
 * pending flag, one page section. Fields render with `~/components/ui/field`.
 */

/**
 * A Conform form for `schema`: constraints from the schema, the last reply of the action when it answered this
 * form (`answer.form === id` or, on a page with one form, any answer), validation on blur in the UI language.
 */
export function useRouteForm<S extends z.ZodTypeAny>(
  schema: S,
  options: {
    id: string;
    /** the action's answer (`useActionData<typeof action>()`): its reply shows if it answered this form */
    answer?: FormAnswer | null;
    /** which `form` of the answer this form shows; default: `id` */
    form?: string;
    /** the reply itself, where a component gets it handed in */
    lastResult?: SubmissionResult<string[]>;
    defaultValue?: Record<string, unknown>;
  },
) {
  const errorMap = useZodErrorMap();
  return useForm<z.input<S>>({
    id: options.id,
    lastResult: options.lastResult ?? resultFor(options.answer, options.form ?? options.id),
    constraint: getZodConstraint(schema),
    defaultValue: options.defaultValue as never,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema, errorMap }),
  });
}

/** The reply an action gave to one form of the page, for components that take a `lastResult`. */
export function resultFor(answer: FormAnswer | null | undefined, form: string): SubmissionResult<string[]> | undefined {
  return answer?.form === form ? answer.result : undefined;
}

/** The error beside a file field of one form, if the action answered that form with one. */
export function errorFor(answer: FormAnswer | null | undefined, form: string): string | undefined {
  return answer?.form === form ? answer.error : undefined;
}

/** A form's own errors (not a field's), announced when they appear; `id` is the form's `errorId` where given. */
export function FormErrors({ errors, className, id }: { errors?: string[] | null; className?: string; id?: string }) {
  return errors?.length ? (
    <p id={id} role="alert" className={cx('text-sm text-brand-red', className)}>
      {errors.join(' ')}
    </p>
  ) : null;
}

/** True while a form of the page is being submitted (buttons are disabled meanwhile). */
export function useIsPending() {
  return useNavigation().state === 'submitting';
}

/** The submit button of a form, disabled while a form of the page is being submitted. */
export function SubmitButton({ isDisabled, ...props }: Omit<ButtonProps, 'type'>) {
  const pending = useIsPending();
  return <Button type="submit" isDisabled={pending || isDisabled} {...props} />;
}

/**
 * A one-button form acting on one row of a list: posts the button's `intent`, the row's `id` and, for the toast,
 * its `name`; with `confirmText` the browser asks first (without JavaScript the form posts at once).
 */
export function RowActionForm({
  intent,
  id,
  name,
  confirmText,
  ...button
}: { intent: string; id: string; name?: string; confirmText?: string } & Omit<ButtonProps, 'type' | 'name' | 'value'>) {
  const confirmFirst = (event: FormEvent) => {
    if (confirmText && !window.confirm(confirmText)) event.preventDefault();
  };
  return (
    <Form method="post" onSubmit={confirmText ? confirmFirst : undefined}>
      <input type="hidden" name="id" value={id} />
      {name === undefined ? null : <input type="hidden" name="name" value={name} />}
      <Button type="submit" name="intent" value={intent} {...button} />
    </Form>
  );
}

/** A form posting one `intent` with the fields given as children and one submit button (works without JavaScript). */
export function IntentForm({ intent, submit, children, className = 'mt-3 flex flex-wrap items-end gap-3' }: { intent: string; submit: ReactNode; children?: ReactNode; className?: string }) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button type="submit" className={buttonClassName('standardNoMt')}>
        {submit}
      </button>
    </Form>
  );
}

/** A page's heading with its introduction. */
export function PageHeader({ title, intro }: { title: ReactNode; intro?: ReactNode }) {
  return (
    <header>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {intro ? <p className="mt-2 text-gray-700">{intro}</p> : null}
    </header>
  );
}

/** A white card with a heading, the building block of every console page. */
export function PageSection({
  id,
  title,
  intro,
  children,
  className,
}: {
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={cx('rounded-lg bg-white p-6 shadow-sm', className)}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {intro ? <p className="mt-1 text-sm text-gray-700">{intro}</p> : null}
      {children}
    </section>
  );
}
