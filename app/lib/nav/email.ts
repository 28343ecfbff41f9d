import type { NavEntry } from '../nav';

/** E-mail management. */
export const navItems: NavEntry[] = [
  { group: 'content', order: 20, key: 'emailManagement', to: '/email-management', icon: 'email', feature: 'email' },
];
