import type { InputHTMLAttributes, ReactNode } from 'react';
import { forwardRef, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextArea as AriaTextArea,
  TextField as AriaTextField,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { constraintHints, createZodErrorMap } from '~/lib/validation-messages';
import { cx } from './cx';

/**
 * What the fields need of a Conform field (`fields.email` from `useForm`): name and initial value to render
 * an uncontrolled input that submits without JavaScript, the errors of the last validation (server reply
 * or blur validation) and the constraints derived from the zod schema (`getZodConstraint`).
 */
export interface ConformField {
  name: string;
  formId: string;
  key?: string;
  initialValue?: unknown;
  errors?: string[];
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  pattern?: string;
}

/** The zod error map in the current UI language, for `parseWithZod` in a form's `onValidate`. */
export function useZodErrorMap() {
  const { t } = useTranslation();
  return useMemo(() => createZodErrorMap(t), [t]);
}

type InputType = 'text' | 'email' | 'url' | 'tel' | 'password' | 'search' | 'number' | 'date' | 'datetime-local' | 'time';

interface BaseFieldProps {
  field: ConformField;
  label: ReactNode;
  description?: ReactNode;
  className?: string;
  isDisabled?: boolean;
  autoComplete?: string;
  placeholder?: string;
}

const INPUT =
  'w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-brand-dark outline-none transition-colors ' +
  'placeholder:text-gray-400 focus:border-brand-dark data-[focus-visible]:outline data-[focus-visible]:outline-2 ' +
  'data-[focus-visible]:outline-brand-pink data-[invalid]:border-brand-red data-[disabled]:bg-gray-100';

function initialString(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? String(value[0] ?? '') : String(value);
}

/**
 * A field's error text (`{id}` is what the input's aria-describedby names): the messages joined, nothing when there
 * are none, unless `persistent` keeps the empty paragraph (an input that always names it).
 */
export function ErrorText({ id, errors, persistent = false, className = '' }: { id: string; errors?: string | readonly string[] | null; persistent?: boolean; className?: string }) {
  const text = typeof errors === 'string' ? errors : (errors ?? []).join(' ');
  if (!text && !persistent) return null;
  return (
    <p id={id} className={`${className ? `${className} ` : ''}text-sm text-brand-red`}>
      {text}
    </p>
  );
}

/** The star after a required field's label (hidden from screen readers, which hear the field's required state). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-brand-red">
      {' *'}
    </span>
  );
}

function FieldFrame({
  field,
  label,
  description,
  className,
  isDisabled,
  type,
  hints,
  children,
}: BaseFieldProps & { type?: string; hints: string[]; children: ReactNode }) {
  const describe = [description, ...hints].filter(Boolean);
  return (
    <ControlledFrame
      key={field.key}
      initialValue={initialString(field.initialValue)}
      name={field.name}
      type={type}
      isInvalid={!!field.errors?.length}
      isRequired={field.required}
      isDisabled={isDisabled}
      validationBehavior="aria"
      className={cx('flex flex-col gap-1', className)}
    >
      <Label className="text-sm font-medium">
        {label}
        {field.required ? <RequiredMark /> : null}
      </Label>
      {children}
      {describe.length ? (
        <Text slot="description" className="text-xs text-gray-600">
          {describe.map((text, i) => (
            <span key={i} className="block">
              {text}
            </span>
          ))}
        </Text>
      ) : null}
      <FieldError className="text-sm text-brand-red">{field.errors?.join(' ')}</FieldError>
    </ControlledFrame>
  );
}

const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * react-aria's TextField keeps its value in state, so React would overwrite what a visitor typed before the
 * page's scripts loaded (slow phones). The value starts from the server's and, right after hydration, takes
 * over whatever the input already holds.
 */
function ControlledFrame({
  initialValue,
  children,
  ...props
}: Omit<React.ComponentProps<typeof AriaTextField>, 'value' | 'defaultValue' | 'onChange'> & { initialValue?: string }) {
  const [value, setValue] = useState(initialValue ?? '');
  const ref = useRef<HTMLDivElement>(null);
  useIsomorphicLayoutEffect(() => {
    const input = ref.current?.querySelector<HTMLInputElement | HTMLTextAreaElement>('input, textarea');
    if (input && input.value !== (initialValue ?? '')) setValue(input.value);
    // only once, right after hydration
  }, []);
  return (
    <AriaTextField {...props} ref={ref} value={value} onChange={setValue}>
      {children}
    </AriaTextField>
  );
}

/** A one-line text input (text, e-mail, URL, phone, password, date and time types). */
export function TextField({ type = 'text', ...props }: BaseFieldProps & { type?: InputType }) {
  const { t } = useTranslation();
  const { field } = props;
  const hints = constraintHints(t, { maxLength: field.maxLength });
  return (
    <FieldFrame {...props} type={type} hints={hints}>
      <Input
        form={field.formId}
        maxLength={field.maxLength}
        pattern={field.pattern}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        className={INPUT}
      />
    </FieldFrame>
  );
}

export function TextArea({ rows = 4, ...props }: BaseFieldProps & { rows?: number }) {
  const { t } = useTranslation();
  const { field } = props;
  const hints = constraintHints(t, { maxLength: field.maxLength });
  return (
    <FieldFrame {...props} hints={hints}>
      <AriaTextArea form={field.formId} rows={rows} maxLength={field.maxLength} placeholder={props.placeholder} className={INPUT} />
    </FieldFrame>
  );
}

/**
 * A number input. It is a native number input (not react-aria's formatted NumberField) so the typed value
 * submits without JavaScript; min and max come from the schema and are shown as hints.
 */
export function NumberField({ step, ...props }: BaseFieldProps & { step?: number | 'any' }) {
  const { t } = useTranslation();
  const { field } = props;
  const hints = constraintHints(t, { min: field.min, max: field.max });
  return (
    <FieldFrame {...props} type="number" hints={hints}>
      <Input form={field.formId} inputMode="decimal" min={field.min} max={field.max} step={step} className={INPUT} />
    </FieldFrame>
  );
}

interface FileFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'className'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** the field's error (the server's or the upload's), beside the input and named by it */
  error?: ReactNode;
  /** the star of a required field, where the server (not the browser) insists on a file */
  showRequired?: boolean;
  /** announce the error when it appears (`role="alert"`), where the page answers an upload with it */
  announce?: boolean;
  className?: string;
  inputClassName?: string;
}

/** A native file input (posted as `file` unless named otherwise, so it works without JavaScript) with its label, hint and error. */
export const FileField = forwardRef<HTMLInputElement, FileFieldProps>(function FileField(
  { id, label, hint, error, showRequired, announce, className, inputClassName = 'block text-sm', ...input },
  ref,
) {
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {showRequired ? <RequiredMark /> : null}
      </label>
      <input
        ref={ref}
        id={id}
        type="file"
        name="file"
        aria-describedby={hint ? `${id}-hint ${id}-error` : `${id}-error`}
        aria-invalid={error ? true : undefined}
        className={inputClassName}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} role={announce ? 'alert' : undefined} className="text-sm text-brand-red">
        {error}
      </p>
    </div>
  );
});
