import type { LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '~/components/ui/button';
import { isFeatureName, suiteForFeature } from '~/lib/features';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'org'], title: 'org:missingFeature.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true });

/** Shown when the organisation lacks a feature: names the suite to book (spec 001 point 6). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const feature = params.feature ?? '';
  if (!isFeatureName(feature)) throw new Response('Not Found', { status: 404 });
  return Response.json({ suite: suiteForFeature(feature) }, { status: 403 });
}

export default function MissingFeature() {
  const { t } = useTranslation('org');
  const { suite } = useLoaderData<{ suite: string }>();
  return (
    <div className="mx-auto max-w-2xl rounded-lg bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-semibold">{t('missingFeature.title')}</h1>
      <p className="mt-4 text-gray-700">{t('missingFeature.text', { suite: t(`missingFeature.suites.${suite}`) })}</p>
      <Link to="/" className={`${buttonClassName('darkBlue')} mt-6`}>
        {t('missingFeature.back')}
      </Link>
    </div>
  );
}
