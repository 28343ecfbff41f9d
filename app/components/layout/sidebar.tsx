import {
  CalendarClock,
  CalendarDays,
  ChevronsLeft,
  ChevronsRight,
  DoorOpen,
  FileText,
  LayoutDashboard,
  Library,
  LifeBuoy,
  Mail,
  MessagesSquare,
  Palette,
  Presentation,
  Scale,
  ShieldCheck,
  Store,
  Users,
  Warehouse,
  type LucideIcon,
} from 'lucide-react';
import { Link as AriaLink } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { isNavItemActive, type NavGroup, type NavIcon } from '~/lib/nav';
import { Button } from '../ui/button';
import { cx } from '../ui/cx';
import { Tooltip } from '../ui/tooltip';
import { ChatUnreadBadge } from '../chats/unread-badge';

const ICONS: Record<NavIcon, LucideIcon> = {
  dashboard: LayoutDashboard,
  content: Library,
  email: Mail,
  personalization: Palette,
  leads: Users,
  virtualRooms: DoorOpen,
  stand: Store,
  appointments: CalendarClock,
  chats: MessagesSquare,
  hall: Warehouse,
  stage: Presentation,
  events: CalendarDays,
  help: LifeBuoy,
  admin: ShieldCheck,
};

/** Groups whose only item carries the group's name need no heading of their own. */
const UNTITLED_GROUPS = new Set<NavGroup['key']>(['dashboard', 'help']);

export interface SidebarProps {
  groups: NavGroup[];
  pathname: string;
  collapsed: boolean;
  /** DLG suite: alternate colour scheme */
  dlg: boolean;
  /** shows the collapse toggle (desktop only; the drawer is always expanded) */
  onToggle?: () => void;
  /** called after an item was followed (the drawer closes) */
  onNavigate?: () => void;
  id?: string;
}

function linkClass(active: boolean, dlg: boolean, collapsed: boolean) {
  return cx(
    'flex items-center gap-3 rounded-md text-sm font-medium outline-none transition-colors',
    'data-[focus-visible]:outline data-[focus-visible]:outline-2 data-[focus-visible]:outline-offset-2',
    // the browser's own :focus-visible too, so keyboard focus shows before the page's scripts have loaded
    'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2',
    dlg
      ? 'data-[focus-visible]:outline-dlg-green focus-visible:outline-dlg-green'
      : 'data-[focus-visible]:outline-brand-pink focus-visible:outline-brand-pink',
    collapsed ? 'h-10 w-10 justify-center' : 'px-3 py-2',
    active
      ? dlg
        ? 'bg-dlg-green text-white'
        : // white on the brand pink reaches only 3.6:1; its text shade keeps the highlight and WCAG AA (4.5:1)
          'bg-brand-pink-text text-white'
      : 'text-white/80 hover:bg-white/10 hover:text-white',
  );
}

/** The console sidebar: 256 px with labels, or 64 px with icons whose names show as tooltips. */
export function Sidebar({ groups, pathname, collapsed, dlg, onToggle, onNavigate, id }: SidebarProps) {
  const { t } = useTranslation();
  return (
    <div
      id={id}
      data-collapsed={collapsed || undefined}
      data-suite={dlg ? 'dlg' : 'default'}
      className={cx(
        'flex h-full flex-col text-white',
        dlg ? 'bg-dlg-dark' : 'bg-brand-dark',
        collapsed ? 'w-sidebar-collapsed' : 'w-sidebar',
      )}
    >
      <div className={cx('flex h-16 shrink-0 items-center', collapsed ? 'justify-center' : 'justify-between px-4')}>
        {collapsed ? null : <span className="truncate text-lg font-semibold">{t('appName')}</span>}
        {onToggle ? (
          <Button
            variant="none"
            onPress={onToggle}
            aria-label={collapsed ? t('nav.expand') : t('nav.collapse')}
            aria-expanded={!collapsed}
            className="rounded-md p-2 text-white/80 outline-none hover:bg-white/10 hover:text-white data-[focus-visible]:outline data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-pink"
          >
            {collapsed ? <ChevronsRight aria-hidden="true" className="h-5 w-5" /> : <ChevronsLeft aria-hidden="true" className="h-5 w-5" />}
          </Button>
        ) : null}
      </div>
      <nav aria-label={t('nav.main')} className="flex-1 overflow-y-auto px-3 pb-4">
        {groups.map((group) => {
          const headingId = `nav-group-${id ?? 'sidebar'}-${group.key}`;
          const titled = !UNTITLED_GROUPS.has(group.key);
          return (
            <div key={group.key} className="mt-4 first:mt-0">
              {titled ? (
                <h2
                  id={headingId}
                  className={cx(
                    'mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-white/60',
                    collapsed && 'sr-only',
                  )}
                >
                  {t(`nav.groups.${group.key}`)}
                </h2>
              ) : null}
              <ul aria-labelledby={titled ? headingId : undefined} className={cx('flex flex-col gap-1', collapsed && 'items-center')}>
                {group.items.map((item) => {
                  const active = isNavItemActive(item.to, pathname);
                  const Icon = ICONS[item.icon];
                  const label = t(`nav.items.${item.key}`);
                  const link = (
                    <AriaLink
                      href={item.to}
                      aria-current={active ? 'page' : undefined}
                      aria-label={collapsed ? label : undefined}
                      onPress={onNavigate}
                      className={linkClass(active, dlg, collapsed)}
                    >
                      <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
                      {collapsed ? null : <span className="truncate">{label}</span>}
                      {item.badge === 'chatUnread' ? <ChatUnreadBadge collapsed={collapsed} /> : null}
                    </AriaLink>
                  );
                  return (
                    <li key={item.key}>
                      {collapsed ? (
                        <Tooltip content={label} placement="end">
                          {link}
                        </Tooltip>
                      ) : (
                        link
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </nav>
      <SidebarFooter collapsed={collapsed} dlg={dlg} onNavigate={onNavigate} />
    </div>
  );
}

function SidebarFooter({ collapsed, dlg, onNavigate }: { collapsed: boolean; dlg: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const links = [
    { to: '/imprint', label: t('footer.imprint'), Icon: Scale },
    { to: '/privacypolicy', label: t('footer.privacy'), Icon: FileText },
  ];
  return (
    <ul className={cx('flex shrink-0 border-t border-white/10 p-3 text-xs', collapsed ? 'flex-col items-center gap-1' : 'flex-wrap gap-x-4 gap-y-1')}>
      {links.map(({ to, label, Icon }) => {
        const link = (
          <AriaLink
            href={to}
            onPress={onNavigate}
            aria-label={collapsed ? label : undefined}
            className={cx(
              'rounded text-white/70 outline-none hover:text-white hover:underline data-[focus-visible]:outline data-[focus-visible]:outline-2',
              dlg ? 'data-[focus-visible]:outline-dlg-green' : 'data-[focus-visible]:outline-brand-pink',
              collapsed && 'flex h-8 w-8 items-center justify-center',
            )}
          >
            {collapsed ? <Icon aria-hidden="true" className="h-4 w-4" /> : label}
          </AriaLink>
        );
        return <li key={to}>{collapsed ? <Tooltip content={label}>{link}</Tooltip> : link}</li>;
      })}
    </ul>
  );
}
