import type { NavEntry } from '../nav';

/** Virtual rooms of the sales hub. */
export const navItems: NavEntry[] = [
  { group: 'sales', order: 20, key: 'virtualRooms', to: '/virtual-rooms', icon: 'virtualRooms', feature: 'salesHub' },
];
