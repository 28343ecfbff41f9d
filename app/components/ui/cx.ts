import { clsx, type ClassValue } from 'clsx';
import { composeRenderProps } from 'react-aria-components';

export const cx = (...values: ClassValue[]) => clsx(values);

/** Merges a caller's className (string or react-aria render function) after the kit's own classes. */
export function withClassName<T>(base: string | ((renderProps: T) => string), className: string | ((renderProps: T) => string) | undefined) {
  return composeRenderProps(className, (own, renderProps: T) => clsx(typeof base === 'function' ? base(renderProps) : base, own));
}
