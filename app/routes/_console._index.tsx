import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '~/root';

export const meta: MetaFunction = () => [{ title: 'Fairplatform' }];

export default function Index() {
  const { t } = useTranslation();
  const data = useRootData();
  const name = data?.user ? `${data.user.firstName} ${data.user.lastName}`.trim() : null;
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-semibold">{t('dashboard.title')}</h1>
      <p className="mt-4">{name ? t('dashboard.welcome', { name }) : t('dashboard.welcomeAnonymous')}</p>
      <p className="mt-4">
        <Link to="/imprint" className="underline">
          {t('footer.imprint')}
        </Link>
      </p>
    </main>
  );
}
