import type { NavEntry } from '../nav';

/** The platform's organisation management. */
export const navItems: NavEntry[] = [
  { group: 'admin', order: 10, key: 'orgManagement', to: '/orgmanagement', icon: 'admin', feature: 'platformAdmin' },
];
