import type { NavEntry } from '../nav';

/** The shop (issue 31): products of the organisation's stands and conventions, and the order requests it receives. */
export const navItems: NavEntry[] = [
  { group: 'exhibitors', order: 40, key: 'shopProducts', to: '/shop/products', icon: 'stand', feature: 'event' },
  { group: 'exhibitors', order: 41, key: 'shopRequests', to: '/shop/order-requests', icon: 'stand', feature: 'event' },
];
