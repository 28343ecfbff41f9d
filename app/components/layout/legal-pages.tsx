import { useTranslation } from 'react-i18next';
import { useRootData } from '~/root';
import { PublicShell } from './public-shell';

/** The platform's imprint, served at /imprint and /client/imprint. */
export function ImprintPage() {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <PublicShell language={root?.language ?? 'EN'} wide>
      <h1 className="text-3xl font-semibold">{t('imprint.title')}</h1>
      <h2 className="mt-6 text-lg font-semibold">{t('imprint.operator')}</h2>
      <p className="mt-2 leading-relaxed">{t('imprint.body')}</p>
    </PublicShell>
  );
}

/** The platform's privacy policy, served at /privacypolicy and /client/privacypolicy. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <PublicShell language={root?.language ?? 'EN'} wide>
      <h1 className="text-3xl font-semibold">{t('privacy.title')}</h1>
      <p className="mt-6 leading-relaxed">{t('privacy.intro')}</p>
      <h2 className="mt-6 text-lg font-semibold">{t('privacy.cookiesTitle')}</h2>
      <p className="mt-2 leading-relaxed">{t('privacy.cookies')}</p>
      <h2 className="mt-6 text-lg font-semibold">{t('privacy.rightsTitle')}</h2>
      <p className="mt-2 leading-relaxed">{t('privacy.rights')}</p>
    </PublicShell>
  );
}
