import type { LoaderFunctionArgs } from '@remix-run/node';
import { useTranslation } from 'react-i18next';
import { PageSection } from '~/components/ui/route-form';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'org'], title: 'org:help.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true });

/** Fair core hours from the spec's help text (001 point 9). */
export const CORE_HOURS = { from: '9:00', to: '16:30' };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return null;
}

export default function Help() {
  const { t } = useTranslation('org');
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-semibold">{t('help.title')}</h1>
      <section className="rounded-lg bg-white p-6 shadow-sm">
        <p>{t('help.intro')}</p>
        <p className="mt-2 font-semibold">{t('help.coreHours', CORE_HOURS)}</p>
      </section>
      <PageSection id="help-contact" title={t('help.contactTitle')}>
        <p className="mt-2">{t('help.contact')}</p>
      </PageSection>
      <PageSection id="help-faq" title={t('help.faqTitle')}>
        <dl className="mt-2 space-y-4">
          <div>
            <dt className="font-medium">{t('help.faq1q')}</dt>
            <dd className="text-gray-700">{t('help.faq1a')}</dd>
          </div>
          <div>
            <dt className="font-medium">{t('help.faq2q')}</dt>
            <dd className="text-gray-700">{t('help.faq2a')}</dd>
          </div>
        </dl>
      </PageSection>
    </div>
  );
}
