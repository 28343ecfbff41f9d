import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { safeHref } from '~/lib/safe-href';
import type { LegalInfo } from '~/server/services/events/visit';

/**
 * Imprint or data policy of what the visitor looks at (convention, hall or stand): the responsible organisation's
 * text, its data policy link, or a clear note when it has not provided one.
 */
export function LegalPage({ kind, info, backHref }: { kind: 'imprint' | 'dataPolicy'; info: LegalInfo; backHref: string }) {
  const { t } = useTranslation('visitor');
  const text = kind === 'imprint' ? info.imprint : info.dataPrivacy;
  const link = kind === 'dataPolicy' ? safeHref(info.dataPrivacyUrl) : undefined;
  return (
    <article className="max-w-3xl rounded-lg bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-semibold text-brand-dark">{t(kind === 'imprint' ? 'shell.imprint' : 'shell.dataPolicy')}</h1>
      <p className="mt-1 text-sm text-gray-700">{t('legalPage.of', { name: info.organizationName })}</p>
      {text ? <div className="mt-4 whitespace-pre-line text-gray-900">{text}</div> : null}
      {link ? (
        <p className="mt-4">
          <a href={link} target="_blank" rel="noreferrer" className="font-medium text-brand-dark underline underline-offset-2">
            {t('legalPage.externalPolicy', { name: info.organizationName })}
          </a>
        </p>
      ) : null}
      {!text && !link ? <p className="mt-4 text-gray-800">{t(kind === 'imprint' ? 'legalPage.noImprint' : 'legalPage.noDataPolicy', { name: info.organizationName })}</p> : null}
      <Link to={backHref} className="mt-6 inline-block text-sm font-medium text-brand-dark underline underline-offset-2">
        {t('legalPage.back')}
      </Link>
    </article>
  );
}
