import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { Check } from 'lucide-react';
import { withClassName } from './cx';

/** A checkbox on a real input, so it submits with the form even before JavaScript has loaded. */
export function Checkbox({ children, className, ...props }: AriaCheckboxProps & { children: ReactNode }) {
  return (
    <AriaCheckbox
      {...props}
      className={withClassName('group flex cursor-pointer items-center gap-2 text-sm', className)}
    >
      {({ isSelected }) => (
        <>
          <span
            aria-hidden="true"
            className={
              'flex h-5 w-5 shrink-0 items-center justify-center rounded border-2 transition-colors ' +
              'group-data-[focus-visible]:outline group-data-[focus-visible]:outline-2 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-brand-pink ' +
              (isSelected ? 'border-brand-dark bg-brand-dark text-white' : 'border-gray-400 bg-white') +
              ' group-data-[invalid]:border-brand-red'
            }
          >
            {isSelected ? <Check className="h-3.5 w-3.5" /> : null}
          </span>
          {children}
        </>
      )}
    </AriaCheckbox>
  );
}
