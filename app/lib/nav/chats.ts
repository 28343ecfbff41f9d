import type { NavEntry } from '../nav';

/** Chats. */
export const navItems: NavEntry[] = [
  { group: 'exhibitors', order: 30, key: 'chats', to: '/chats', icon: 'chats', feature: 'chats' },
];
