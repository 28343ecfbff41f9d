import type { NavEntry } from '../nav';

/** Personalisations (the organisation's looks). */
export const navItems: NavEntry[] = [
  { group: 'content', order: 30, key: 'personalizations', to: '/personalizations', icon: 'personalization', feature: 'personalization' },
];
