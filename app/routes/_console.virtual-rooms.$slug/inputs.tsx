import { useId } from 'react';
import { ErrorText } from '~/components/ui/field';

/**
 * A labelled native number input for angles: controlled when `value` is given (the panorama click or the viewer
 * fills it in), so it posts what it shows with or without JavaScript; its errors are announced.
 */
export function AngleInput({
  name,
  label,
  value,
  defaultValue,
  onChange,
  min,
  max,
  step = 0.1,
  required,
  errors,
}: {
  name: string;
  label: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  min: number;
  max: number;
  step?: number;
  required?: boolean;
  errors?: string[];
}) {
  const id = useId();
  const invalid = Boolean(errors?.length);
  const controlled = value !== undefined ? { value, onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange?.(event.currentTarget.value) } : { defaultValue };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className="w-40 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm"
        {...controlled}
      />
      <ErrorText id={`${id}-error`} errors={errors} />
    </div>
  );
}
