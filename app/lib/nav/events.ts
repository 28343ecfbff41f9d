import type { NavEntry } from '../nav';

/** The events suite: the exhibitor's stands, the host's halls, stages and events. */
export const navItems: NavEntry[] = [
  { group: 'exhibitors', order: 10, key: 'stand', to: '/stand', icon: 'stand', feature: 'event' },
  { group: 'hosts', order: 10, key: 'hall', to: '/hall', icon: 'hall', feature: 'event' },
  { group: 'hosts', order: 20, key: 'stage', to: '/stage', icon: 'stage', feature: 'event' },
  { group: 'hosts', order: 30, key: 'events', to: '/events', icon: 'events', feature: 'event' },
];
