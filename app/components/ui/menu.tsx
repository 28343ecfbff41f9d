import type { ReactNode } from 'react';
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  MenuTrigger,
  Popover,
  Separator,
  type MenuItemProps,
  type MenuProps,
  type PopoverProps,
} from 'react-aria-components';
import { withClassName } from './cx';

export { MenuTrigger };

/** A dropdown menu: pair it with a Button inside MenuTrigger. Arrow keys move, Enter picks, Escape closes. */
export function Menu<T extends object>({
  placement = 'bottom end',
  className,
  ...props
}: MenuProps<T> & { placement?: PopoverProps['placement'] }) {
  return (
    <Popover
      placement={placement}
      className="min-w-48 overflow-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg outline-none"
    >
      <AriaMenu {...props} className={withClassName('outline-none', className)} />
    </Popover>
  );
}

export function MenuItem({ className, ...props }: MenuItemProps & { children: ReactNode }) {
  return (
    <AriaMenuItem
      {...props}
      className={withClassName(
        'flex cursor-pointer items-center gap-2 px-4 py-2 text-sm text-brand-dark outline-none ' +
          'data-[focused]:bg-brand-grey data-[selected]:font-semibold data-[disabled]:opacity-50',
        className,
      )}
    />
  );
}

export function MenuSeparator() {
  return <Separator className="my-1 border-t border-gray-200" />;
}
