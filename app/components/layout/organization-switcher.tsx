import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../ui/button';
import { cx } from '../ui/cx';
import { useHydrated } from '../ui/use-hydrated';

export const ORGANIZATION_SWITCH_ACTION = '/resources/organization-switch';
/** The page that asks before switching: switching logs the member out (spec 001 point 7). */
export const ORGANIZATION_SWITCH_CONFIRM = '/switch-organisation';

export const switchOrganizationHref = (organizationId: string) =>
  `${ORGANIZATION_SWITCH_CONFIRM}?organizationId=${encodeURIComponent(organizationId)}`;

interface Organization {
  id: string;
  name: string;
}

/**
 * Switches the current organisation (only offered with more than one). A native select in a plain GET form to the
 * confirmation page (switching logs out): with JavaScript it goes there on change, without it through its button.
 */
export function OrganizationSwitcher({ organizations, currentId }: { organizations: Organization[]; currentId: string | null }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  if (organizations.length < 2) return null;
  return (
    <Form method="get" action={ORGANIZATION_SWITCH_CONFIRM} className="flex items-center gap-2">
      <select
        name="organizationId"
        aria-label={t('account.switchOrganisation')}
        defaultValue={currentId ?? undefined}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="max-w-48 rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm"
      >
        {organizations.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.name}
          </option>
        ))}
      </select>
      <button type="submit" className={cx(buttonClassName('outline'), '!px-3 !py-1.5 text-sm', hydrated && 'sr-only')}>
        {t('account.switch')}
      </button>
    </Form>
  );
}
