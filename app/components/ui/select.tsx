import type { ReactNode } from 'react';
import {
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  Text,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { ChevronDown } from 'lucide-react';
import { withClassName } from './cx';
import type { ConformField } from './field';

export interface SelectOption {
  id: string | number;
  label: string;
}

export interface SelectProps extends Omit<AriaSelectProps<SelectOption>, 'children'> {
  label: ReactNode;
  options: SelectOption[];
  description?: ReactNode;
  errors?: string[];
  /** a Conform field: its name, errors and initial value (the selected key unless `defaultSelectedKey` is given) */
  field?: Pick<ConformField, 'name' | 'errors' | 'initialValue'>;
}

/** A listbox select; with `name` (or `field`) it submits through a hidden native select, so it works in forms. */
export function Select({ label, options, description, field, errors = field?.errors, className, ...props }: SelectProps) {
  const fromField = field ? { name: field.name, defaultSelectedKey: field.initialValue == null ? undefined : String(field.initialValue) } : {};
  return (
    <AriaSelect
      validationBehavior="aria"
      isInvalid={!!errors?.length}
      {...fromField}
      {...props}
      className={withClassName('flex flex-col gap-1', className)}
    >
      <Label className="text-sm font-medium">{label}</Label>
      <Button className="flex min-w-40 items-center justify-between gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-left text-sm outline-none data-[focus-visible]:outline data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-pink">
        <SelectValue className="truncate" />
        <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0" />
      </Button>
      {description ? (
        <Text slot="description" className="text-xs text-gray-600">
          {description}
        </Text>
      ) : null}
      <FieldError className="text-sm text-brand-red">{errors?.join(' ')}</FieldError>
      <Popover className="min-w-[--trigger-width] overflow-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg">
        <ListBox items={options} className="outline-none">
          {(option) => (
            <ListBoxItem
              id={option.id}
              textValue={option.label}
              className="cursor-pointer px-3 py-2 text-sm outline-none data-[focused]:bg-brand-grey data-[selected]:font-semibold"
            >
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
