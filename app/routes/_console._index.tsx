import type { MetaFunction } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { useRootData } from '~/root';

export const meta: MetaFunction = () => [{ title: 'Dashboard' }];

/** The dashboard at `/`, inside the console layout (which sends visitors to /login first). */
export default function Dashboard() {
  const { t } = useTranslation();
  const data = useRootData();
  const name = data?.user ? `${data.user.firstName} ${data.user.lastName}`.trim() : null;
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-semibold">{t('dashboard.title')}</h1>
      <p className="mt-4">{name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeAnonymous')}</p>
      {data?.user?.organization ? (
        <p className="mt-2 text-sm text-gray-600">
          {t('account.currentOrganisation')}: {data.user.organization.name}
        </p>
      ) : null}
    </div>
  );
}
