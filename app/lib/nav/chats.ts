import type { NavEntry } from '../nav';

/** Chats, with the viewer's unread messages on the item. */
export const navItems: NavEntry[] = [
  { group: 'exhibitors', order: 30, key: 'chats', to: '/chats', icon: 'chats', feature: 'chats', badge: 'chatUnread' },
];
