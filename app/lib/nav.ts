import { Feature, type FeatureName, hasFeature } from './features';

/** Icon names the sidebar understands; the layout maps them to SVG icons. */
export type NavIcon =
  | 'dashboard'
  | 'content'
  | 'email'
  | 'personalization'
  | 'leads'
  | 'virtualRooms'
  | 'stand'
  | 'appointments'
  | 'chats'
  | 'hall'
  | 'stage'
  | 'events'
  | 'help'
  | 'admin';

export interface NavItem {
  /** translation key below common:nav.items */
  key: string;
  to: string;
  icon: NavIcon;
  /** the organisation must have booked this feature bit; none = always visible */
  feature?: FeatureName;
}

export interface NavGroup {
  /** translation key below common:nav.groups */
  key: 'dashboard' | 'content' | 'sales' | 'exhibitors' | 'hosts' | 'help' | 'admin';
  items: NavItem[];
}

/** The console sidebar (spec 000 "Console layout"), in display order. */
export const NAV_GROUPS: readonly NavGroup[] = [
  { key: 'dashboard', items: [{ key: 'dashboard', to: '/', icon: 'dashboard' }] },
  {
    key: 'content',
    items: [
      { key: 'contentpool', to: '/contentpool', icon: 'content', feature: 'content' },
      { key: 'emailManagement', to: '/email-management', icon: 'email', feature: 'email' },
      { key: 'personalizations', to: '/personalizations', icon: 'personalization', feature: 'personalization' },
    ],
  },
  {
    key: 'sales',
    items: [
      { key: 'leads', to: '/leads', icon: 'leads', feature: 'lead' },
      { key: 'virtualRooms', to: '/virtual-rooms', icon: 'virtualRooms', feature: 'salesHub' },
    ],
  },
  {
    key: 'exhibitors',
    items: [
      { key: 'stand', to: '/stand', icon: 'stand', feature: 'event' },
      { key: 'appointments', to: '/appointments', icon: 'appointments', feature: 'appointment' },
      { key: 'chats', to: '/chats', icon: 'chats', feature: 'chats' },
    ],
  },
  {
    key: 'hosts',
    items: [
      { key: 'hall', to: '/hall', icon: 'hall', feature: 'event' },
      { key: 'stage', to: '/stage', icon: 'stage', feature: 'event' },
      { key: 'events', to: '/events', icon: 'events', feature: 'event' },
    ],
  },
  { key: 'help', items: [{ key: 'help', to: '/help', icon: 'help' }] },
  { key: 'admin', items: [{ key: 'orgManagement', to: '/orgmanagement', icon: 'admin', feature: 'platformAdmin' }] },
];

export interface NavViewer {
  /** feature bit mask of the current organisation */
  features: number;
  /** the member is flagged as sales user: sees only the sales-rep group */
  sales: boolean;
}

export function isItemVisible(item: NavItem, features: number): boolean {
  return !item.feature || hasFeature(features, item.feature);
}

/** The groups and items this viewer sees: items need their feature bit, empty groups disappear. */
export function visibleNavGroups(viewer: NavViewer, groups: readonly NavGroup[] = NAV_GROUPS): NavGroup[] {
  return groups
    .filter((group) => !viewer.sales || group.key === 'sales')
    .map((group) => ({ ...group, items: group.items.filter((item) => isItemVisible(item, viewer.features)) }))
    .filter((group) => group.items.length > 0);
}

/** An item is active when the path starts with its target (by whole segments); the root matches only itself. */
export function isNavItemActive(to: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (to === '/') return path === '/';
  return path === to || path.startsWith(`${to}/`);
}

/** The DLG suite gets its own colour scheme in the sidebar. */
export function isDlgSuite(features: number): boolean {
  return (features & Feature.dlg) === Feature.dlg;
}

/** Cookie that remembers the collapsed sidebar, so the server renders the width the user left it at. */
export const SIDEBAR_COOKIE = 'sidebar';

export function isSidebarCollapsed(cookieValue: string | null | undefined): boolean {
  return cookieValue === 'collapsed';
}
