import { useId, type ReactNode } from 'react';
import { ErrorText } from '~/components/ui/field';

export interface NativeSelectGroup {
  label: string;
  options: { value: string; label: string }[];
}

/**
 * A labelled native select: it works and is keyboard-usable before JavaScript has loaded (the react-aria
 * Select of the UI kit needs JavaScript to open), which the console's plain form posts rely on.
 */
export function NativeSelect({
  name,
  label,
  options,
  groups,
  defaultValue,
  emptyLabel,
  errors,
  required,
  hint,
  className,
}: {
  name: string;
  label: ReactNode;
  options?: { value: string; label: string }[];
  groups?: NativeSelectGroup[];
  defaultValue?: string;
  /** a first option with the value '' ("none") */
  emptyLabel?: string;
  errors?: string[];
  required?: boolean;
  hint?: ReactNode;
  className?: string;
}) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-brand-red">
            {' *'}
          </span>
        ) : null}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={`${hint ? `${id}-hint` : ''} ${invalid ? `${id}-error` : ''}`.trim() || undefined}
        className="rounded-md border border-gray-300 bg-white px-3 py-2 text-sm outline-none focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-pink aria-[invalid]:border-brand-red"
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {groups
          ?.filter((g) => g.options.length)
          .map((g) => (
            <optgroup key={g.label} label={g.label}>
              {g.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </optgroup>
          ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      <ErrorText id={`${id}-error`} errors={errors} />
    </div>
  );
}
