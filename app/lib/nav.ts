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
  /** a count the item shows beside its name (the chats' unread messages) */
  badge?: 'chatUnread';
}

/** The sidebar's groups (spec 000 "Console layout"), in display order. */
export const NAV_GROUP_KEYS = ['dashboard', 'content', 'sales', 'exhibitors', 'hosts', 'help', 'admin'] as const;

export interface NavGroup {
  /** translation key below common:nav.groups */
  key: (typeof NAV_GROUP_KEYS)[number];
  items: NavItem[];
}

/** A domain's sidebar item: its group and its place in the group (smaller first). */
export interface NavEntry extends NavItem {
  group: NavGroup['key'];
  order: number;
}

/** The items every domain declares in its own file, app/lib/nav/<domain>.ts (`export const navItems`). */
const DOMAIN_ITEMS: NavEntry[] = Object.values(import.meta.glob<NavEntry[]>('./nav/*.ts', { eager: true, import: 'navItems' })).flat();

/** The groups with the entries of every domain, ordered; empty groups are left out. */
function navGroupsOf(entries: readonly NavEntry[]): NavGroup[] {
  return NAV_GROUP_KEYS.map((key) => ({
    key,
    items: entries
      .filter((entry) => entry.group === key)
      .sort((a, b) => a.order - b.order || a.key.localeCompare(b.key))
      .map(({ group: _group, order: _order, ...item }) => item),
  })).filter((group) => group.items.length > 0);
}

/** The console sidebar (spec 000 "Console layout"), in display order. */
export const NAV_GROUPS: readonly NavGroup[] = navGroupsOf(DOMAIN_ITEMS);

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
