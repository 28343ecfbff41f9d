import type { NavEntry } from '../nav';

/** Leads. */
export const navItems: NavEntry[] = [
  { group: 'sales', order: 10, key: 'leads', to: '/leads', icon: 'leads', feature: 'lead' },
];
