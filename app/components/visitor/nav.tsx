import { NavLink } from '@remix-run/react';
import type { ReactNode } from 'react';

/** The class of a visitor layout's navigation link: filled dark when it is the current page. */
export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm outline-none ring-brand-pink focus-visible:ring-2 ${
    isActive ? 'bg-brand-dark font-semibold text-white' : 'text-brand-dark hover:bg-gray-100'
  }`;

/** One entry of a visitor layout's navigation (convention side bar, in-house fair bar): a list item with its link. */
export function NavItem({ to, end, children }: { to: string; end?: boolean; children: ReactNode }) {
  return (
    <li>
      <NavLink to={to} end={end} className={navLinkClass}>
        {children}
      </NavLink>
    </li>
  );
}
