import type { NavEntry } from '../nav';

/** The content pool. */
export const navItems: NavEntry[] = [
  { group: 'content', order: 10, key: 'contentpool', to: '/contentpool', icon: 'content', feature: 'content' },
];
