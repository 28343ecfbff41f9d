import type { NavEntry } from '../nav';

/** The dashboard, for every member. */
export const navItems: NavEntry[] = [
  { group: 'dashboard', order: 10, key: 'dashboard', to: '/', icon: 'dashboard' },
];
