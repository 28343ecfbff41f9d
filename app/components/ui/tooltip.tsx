import type { ReactElement, ReactNode } from 'react';
import { Tooltip as AriaTooltip, TooltipTrigger, type TooltipProps as AriaTooltipProps } from 'react-aria-components';
import { withClassName } from './cx';

/** Spec 001 point 9: tooltips open after 200 ms and close after 100 ms. */
export const TOOLTIP_OPEN_DELAY = 200;
export const TOOLTIP_CLOSE_DELAY = 100;

export interface TooltipProps extends Omit<AriaTooltipProps, 'children'> {
  /** the focusable element that shows the tooltip on hover and keyboard focus */
  children: ReactElement;
  content: ReactNode;
  isDisabled?: boolean;
}

export function Tooltip({ children, content, isDisabled, className, placement = 'end', offset = 8, ...props }: TooltipProps) {
  return (
    <TooltipTrigger delay={TOOLTIP_OPEN_DELAY} closeDelay={TOOLTIP_CLOSE_DELAY} isDisabled={isDisabled}>
      {children}
      <AriaTooltip
        {...props}
        placement={placement}
        offset={offset}
        className={withClassName(
          'rounded-md bg-brand-dark px-3 py-1.5 text-sm text-white shadow-lg',
          className,
        )}
      >
        {content}
      </AriaTooltip>
    </TooltipTrigger>
  );
}
