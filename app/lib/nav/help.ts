import type { NavEntry } from '../nav';

/** Help, for every member. */
export const navItems: NavEntry[] = [
  { group: 'help', order: 10, key: 'help', to: '/help', icon: 'help' },
];
