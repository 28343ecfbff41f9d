import type { NavEntry } from '../nav';

/** Visit statistics (issue 30): hosts read their conventions and halls, exhibitors their stands (event suite). */
export const navItems: NavEntry[] = [{ group: 'hosts', order: 40, key: 'analytics', to: '/analytics', icon: 'events', feature: 'event' }];
