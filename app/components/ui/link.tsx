import { Link as RemixLink, NavLink as RemixNavLink, type LinkProps, type NavLinkProps } from '@remix-run/react';
import { forwardRef } from 'react';
import { cx } from './cx';

const LINK = 'font-medium text-brand-dark underline underline-offset-2 hover:text-brand-pink rounded-sm';

/** A router link in the kit's style; `plain` drops the text styling (for links that look like buttons). */
export const Link = forwardRef<HTMLAnchorElement, LinkProps & { plain?: boolean }>(function Link(
  { className, plain, ...props },
  ref,
) {
  return <RemixLink ref={ref} prefetch="intent" {...props} className={cx(!plain && LINK, className)} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  return <RemixNavLink ref={ref} prefetch="intent" {...props} />;
});
