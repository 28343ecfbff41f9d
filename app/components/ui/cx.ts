import { clsx, type ClassValue } from 'clsx';

// No react-aria import here: `cx` is used by the visitor pages' shared components, which must not load it.

export const cx = (...values: ClassValue[]) => clsx(values);

/** Merges a caller's className (string or react-aria render function) after the kit's own classes. */
export function withClassName<T>(base: string | ((renderProps: T) => string), className: string | ((renderProps: T) => string) | undefined) {
  // what react-aria's composeRenderProps does
  return (renderProps: T) => {
    const own = typeof className === 'function' ? className(renderProps) : className;
    return clsx(typeof base === 'function' ? base(renderProps) : base, own);
  };
}
