import { describe, expect, it } from 'vitest';
import { Feature, Package } from '~/lib/features';
import { isDlgSuite, isNavItemActive, isSidebarCollapsed, NAV_GROUPS, visibleNavGroups } from '~/lib/nav';

const itemsOf = (groups: ReturnType<typeof visibleNavGroups>) => groups.flatMap((g) => g.items.map((i) => i.to));
const groupKeys = (groups: ReturnType<typeof visibleNavGroups>) => groups.map((g) => g.key);

describe('sidebar model', () => {
  it('lists the groups of the spec in order with their targets and feature bits', () => {
    expect(NAV_GROUPS.map((g) => [g.key, g.items.map((i) => `${i.to}:${i.feature ? Feature[i.feature] : 0}`)])).toEqual([
      ['dashboard', ['/:0']],
      ['content', ['/contentpool:1', '/email-management:64', '/personalizations:2']],
      ['sales', ['/leads:8', '/virtual-rooms:16']],
      ['exhibitors', ['/stand:32', '/appointments:256', '/chats:128', '/shop/products:32', '/shop/order-requests:32']],
      ['hosts', ['/hall:32', '/stage:32', '/events:32', '/analytics:32']],
      ['help', ['/help:0']],
      ['admin', ['/orgmanagement:512']],
    ]);
  });

  it('shows only dashboard and help to an organisation without features', () => {
    expect(groupKeys(visibleNavGroups({ features: 0, sales: false }))).toEqual(['dashboard', 'help']);
  });

  it('hides items whose feature bit is missing and drops empty groups', () => {
    const groups = visibleNavGroups({ features: Package.BASIC, sales: false });
    expect(groupKeys(groups)).toEqual(['dashboard', 'content', 'sales', 'exhibitors', 'help']);
    expect(itemsOf(groups)).toEqual(['/', '/contentpool', '/email-management', '/personalizations', '/leads', '/appointments', '/help']);
  });

  it('shows the host group and stands with the event suite, the admin group only with the admin bit', () => {
    const event = visibleNavGroups({ features: Package.EVENT, sales: false });
    expect(groupKeys(event)).toContain('hosts');
    expect(itemsOf(event)).toEqual(expect.arrayContaining(['/stand', '/chats', '/hall', '/stage', '/events']));
    expect(groupKeys(event)).not.toContain('admin');
    expect(groupKeys(visibleNavGroups({ features: Package.EVENT | Feature.platformAdmin, sales: false }))).toContain('admin');
  });

  it('shows a sales user only the sales-rep group', () => {
    const groups = visibleNavGroups({ features: Package.SALES | Package.EVENT | Feature.platformAdmin, sales: true });
    expect(groupKeys(groups)).toEqual(['sales']);
    expect(itemsOf(groups)).toEqual(['/leads', '/virtual-rooms']);
    expect(visibleNavGroups({ features: Package.EVENT, sales: true })).toEqual([]);
  });

  it('marks an item active when the path starts with its target; the root only matches itself', () => {
    expect(isNavItemActive('/', '/')).toBe(true);
    expect(isNavItemActive('/', '/leads')).toBe(false);
    expect(isNavItemActive('/leads', '/leads')).toBe(true);
    expect(isNavItemActive('/leads', '/leads/')).toBe(true);
    expect(isNavItemActive('/leads', '/leads/abc/archive')).toBe(true);
    expect(isNavItemActive('/stage', '/stage/builder/main')).toBe(true);
    expect(isNavItemActive('/stage', '/stand')).toBe(false);
    expect(isNavItemActive('/events', '/eventsx')).toBe(false);
  });

  it('recognises the DLG suite bit', () => {
    expect(isDlgSuite(Package.BASIC | Package.DLG)).toBe(true);
    expect(isDlgSuite(Package.BASIC)).toBe(false);
  });

  it('reads the remembered sidebar state', () => {
    expect(isSidebarCollapsed('collapsed')).toBe(true);
    expect(isSidebarCollapsed('expanded')).toBe(false);
    expect(isSidebarCollapsed(undefined)).toBe(false);
  });
});
