import { useLocation } from '@remix-run/react';
import { Menu as MenuIcon, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Dialog as AriaDialog, DialogTrigger } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { isDlgSuite, SIDEBAR_COOKIE, visibleNavGroups } from '~/lib/nav';
import { useRootData, type RootData } from '~/components/root-data';
import { ConsoleNotFound, GeneralErrorBoundary } from '../error-boundary';
import { AriaProviders } from '../ui/aria-providers';
import { Button } from '../ui/button';
import { Drawer } from '../ui/dialog';
import { AccountMenu, useLogoutOnly } from './account-menu';
import { Breadcrumb } from './breadcrumb';
import { LanguageSwitch } from './language-switch';
import { OrganizationSwitcher } from './organization-switcher';
import { Sidebar } from './sidebar';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

interface ConsoleShellProps {
  user: NonNullable<RootData['user']>;
  language: RootData['language'];
  sidebarCollapsed: boolean;
  children: ReactNode;
}

/**
 * The console frame (spec 000 "Console layout"): sidebar from 1024 px on (collapsible, remembered in a
 * cookie), a drawer with the same navigation below it, and the top bar with breadcrumb, language,
 * organisation switcher and account menu.
 */
export function ConsoleShell({ user, language, sidebarCollapsed, children }: ConsoleShellProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const logoutOnly = useLogoutOnly();
  const [collapsed, setCollapsed] = useState(sidebarCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const groups = visibleNavGroups({ features: user.features, sales: user.sales });
  const dlg = isDlgSuite(user.features);
  const name = `${user.firstName} ${user.lastName}`.trim();

  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    document.cookie = `${SIDEBAR_COOKIE}=${next ? 'collapsed' : 'expanded'}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
  };

  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t('nav.skipToContent')}
      </a>
      <aside className="sticky top-0 hidden h-screen shrink-0 lg:block">
        <Sidebar id="sidebar" groups={groups} pathname={pathname} collapsed={collapsed} dlg={dlg} onToggle={toggle} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-gray-200 bg-white px-4">
          <DialogTrigger isOpen={drawerOpen} onOpenChange={setDrawerOpen}>
            <Button variant="transparent" aria-label={t('nav.openMenu')} className="!p-2 lg:hidden">
              <MenuIcon aria-hidden="true" className="h-6 w-6" />
            </Button>
            <Drawer className="lg:hidden">
              <AriaDialog aria-label={t('nav.menu')} className="relative h-full outline-none">
                <Button
                  variant="none"
                  aria-label={t('nav.closeMenu')}
                  onPress={() => setDrawerOpen(false)}
                  className="absolute right-3 top-3 z-10 rounded-md p-2 text-white outline-none hover:bg-white/10 data-[focus-visible]:outline data-[focus-visible]:outline-2 data-[focus-visible]:outline-brand-pink"
                >
                  <X aria-hidden="true" className="h-5 w-5" />
                </Button>
                <Sidebar
                  id="drawer"
                  groups={groups}
                  pathname={pathname}
                  collapsed={false}
                  dlg={dlg}
                  onNavigate={() => setDrawerOpen(false)}
                />
              </AriaDialog>
            </Drawer>
          </DialogTrigger>
          <div className="min-w-0 flex-1">
            <Breadcrumb pathname={pathname} />
          </div>
          <div className="flex items-center gap-2">
            <LanguageSwitch current={language} />
            <OrganizationSwitcher organizations={user.organizations} currentId={user.organization?.id ?? null} />
            <AccountMenu name={name} email={user.email} logoutOnly={logoutOnly} features={user.features} />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 p-4 outline-none md:p-8">
          {children}
        </main>
      </div>
    </div>
  );
}

/** The console shell for a logged-in member; without a session (the guard redirects) the page alone. */
export function ConsoleFrame({ sidebarCollapsed, children }: { sidebarCollapsed: boolean; children: ReactNode }) {
  const root = useRootData();
  return (
    <AriaProviders>
      {root?.user ? (
        <ConsoleShell user={root.user} language={root.language} sidebarCollapsed={sidebarCollapsed}>
          {children}
        </ConsoleShell>
      ) : (
        children
      )}
    </AriaProviders>
  );
}

/**
 * An error inside the console frame: a logged-in member keeps the navigation, and a missing object is the
 * console's 404, without the login link (the console layout's boundary and the catch-all's for members).
 */
export function ConsoleError({ error, sidebarCollapsed }: { error: unknown; sidebarCollapsed: boolean }) {
  const inShell = Boolean(useRootData()?.user);
  return (
    <ConsoleFrame sidebarCollapsed={sidebarCollapsed}>
      <GeneralErrorBoundary error={error} inLayout={inShell} statusHandlers={inShell ? { 404: () => <ConsoleNotFound /> } : undefined} />
    </ConsoleFrame>
  );
}
