import { useMatches } from '@remix-run/react';
import { CircleUserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { hasFeature } from '~/lib/features';
import { Button } from '../ui/button';
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from '../ui/menu';
import { useHydrated } from '../ui/use-hydrated';

/** A route whose handle sets `logoutOnly: true` (e.g. /onboarding) offers only Logout in the account menu. */
export interface LayoutHandle {
  logoutOnly?: boolean;
}

export function useLogoutOnly(): boolean {
  return useMatches().some((match) => (match.handle as LayoutHandle | undefined)?.logoutOnly === true);
}

interface AccountMenuProps {
  name: string;
  email: string;
  logoutOnly: boolean;
  /** the features the member can use: the organisation entry needs user management (a sales user does not get it) */
  features: number;
}

/** Organisation, contact card and logout; a `<details>` disclosure until JavaScript has loaded. */
export function AccountMenu({ name, email, logoutOnly, features }: AccountMenuProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const displayName = name || email;
  // the name shown next to the icon is part of the button's name (WCAG 2.5.3): a voice user says what they see
  const buttonName = t('account.button', { name: displayName });
  const entries = [
    ...(logoutOnly
      ? []
      : [
          ...(hasFeature(features, 'userManagement')
            ? [{ id: 'organisation', href: '/edit-organisation', label: t('account.organisation') }]
            : []),
          { id: 'contact', href: '/user-contact', label: displayName },
        ]),
    { id: 'logout', href: '/logout', label: t('actions.logout') },
  ];
  const trigger = (
    <>
      <CircleUserRound aria-hidden="true" className="h-5 w-5" />
      <span className="hidden max-w-40 truncate sm:inline">{displayName}</span>
    </>
  );

  if (!hydrated) {
    return (
      <details className="relative">
        <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md px-3 py-1.5 text-sm" aria-label={buttonName}>
          {trigger}
        </summary>
        <ul className="absolute right-0 z-30 mt-1 min-w-48 rounded-lg border border-gray-200 bg-white py-1 shadow-lg">
          {entries.map((entry) => (
            <li key={entry.id}>
              <a href={entry.href} className="block px-4 py-2 text-sm hover:bg-brand-grey">
                {entry.label}
              </a>
            </li>
          ))}
        </ul>
      </details>
    );
  }

  return (
    <MenuTrigger>
      <Button variant="transparent" aria-label={buttonName} className="!px-3 !py-1.5 text-sm">
        {trigger}
      </Button>
      <Menu aria-label={t('account.menu')}>
        {entries.map((entry) => [
          entry.id === 'logout' && entries.length > 1 ? <MenuSeparator key="separator" /> : null,
          <MenuItem key={entry.id} id={entry.id} href={entry.href} textValue={entry.label}>
            {entry.label}
          </MenuItem>,
        ])}
      </Menu>
    </MenuTrigger>
  );
}
