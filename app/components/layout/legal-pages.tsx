import type { MetaFunction } from '@remix-run/node';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '~/components/root-data';
import type { platformLegalLoader } from '~/server/pages/legal.server';
import { PublicShell } from './public-shell';

/** The title of the platform's legal pages, translated by their loader. */
export const platformLegalMeta: MetaFunction<ReturnType<typeof platformLegalLoader>> = ({ data }) => [{ title: data?.title ?? '' }];

/** One of the platform's legal pages: the wide public shell, the heading, an introduction and titled paragraphs. */
function PlatformLegalPage({ titleKey, introKey, sections }: { titleKey: string; introKey?: string; sections: [heading: string, body: string][] }) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <PublicShell language={root?.language ?? 'EN'} wide>
      <h1 className="text-3xl font-semibold">{t(titleKey)}</h1>
      {introKey ? <p className="mt-6 leading-relaxed">{t(introKey)}</p> : null}
      {sections.map(([heading, body]) => (
        <Fragment key={heading}>
          <h2 className="mt-6 text-lg font-semibold">{t(heading)}</h2>
          <p className="mt-2 leading-relaxed">{t(body)}</p>
        </Fragment>
      ))}
    </PublicShell>
  );
}

/** The platform's imprint, served at /imprint and /client/imprint. */
export function ImprintPage() {
  return <PlatformLegalPage titleKey="imprint.title" sections={[['imprint.operator', 'imprint.body']]} />;
}

/** The platform's privacy policy, served at /privacypolicy and /client/privacypolicy. */
export function PrivacyPolicyPage() {
  const sections: [string, string][] = [
    ['privacy.cookiesTitle', 'privacy.cookies'],
    ['privacy.rightsTitle', 'privacy.rights'],
  ];
  return <PlatformLegalPage titleKey="privacy.title" introKey="privacy.intro" sections={sections} />;
}
