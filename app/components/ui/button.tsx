import { forwardRef } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { buttonClassName, type ButtonVariant } from './button-styles';
import { withClassName } from './cx';

export { buttonClassName, type ButtonVariant } from './button-styles';

export interface ButtonProps extends AriaButtonProps {
  variant?: ButtonVariant;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'standardNoMt', className, ...props },
  ref,
) {
  return <AriaButton ref={ref} {...props} className={withClassName(buttonClassName(variant), className)} />;
});
