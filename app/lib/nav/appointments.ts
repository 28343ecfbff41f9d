import type { NavEntry } from '../nav';

/** Appointment booking. */
export const navItems: NavEntry[] = [
  { group: 'exhibitors', order: 20, key: 'appointments', to: '/appointments', icon: 'appointments', feature: 'appointment' },
];
