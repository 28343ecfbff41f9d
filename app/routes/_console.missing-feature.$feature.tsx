import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { switchOrganizationHref } from '~/components/layout/organization-switcher';
import { buttonClassName } from '~/components/ui/button';
import { isFeatureName } from '~/lib/features';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { featureNotice } from '~/server/services/organizations/feature-notice';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { invariantResponse } from '~/lib/route-kit';
import { paramsOf } from '~/server/route-kit.server';

export const handle = { i18n: ['common', 'org'], title: 'org:missingFeature.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true });

/**
 * Shown when the viewer cannot use a feature (spec 001 point 6): their role does not allow it (with the admins to
 * ask), platform staff are in the wrong organisation (with the switch), or the suite is not booked (named).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { feature } = paramsOf(params, 'feature');
  invariantResponse(isFeatureName(feature), 'Not Found', { status: 404 });
  return data(await featureNotice(context.service, feature), { status: 403 });
}

export default function MissingFeature() {
  const { t } = useTranslation('org');
  const notice = useLoaderData<typeof loader>();
  const title =
    notice.reason === 'role' ? t('missingFeature.roleTitle') : notice.reason === 'switchOrganization' ? t('missingFeature.switchTitle') : t('missingFeature.title');
  return (
    <div className="mx-auto max-w-2xl rounded-lg bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {notice.reason === 'role' ? (
        <>
          <p className="mt-4 text-gray-700">{t('missingFeature.roleText')}</p>
          {notice.admins.length > 0 ? (
            <>
              <p className="mt-4 text-gray-700">{t('missingFeature.roleAsk', { count: notice.admins.length })}</p>
              <ul className="mt-2 list-disc pl-6 text-gray-700">
                {notice.admins.map((admin) => (
                  <li key={admin.email}>
                    {admin.name} (<a className="underline" href={`mailto:${admin.email}`}>{admin.email}</a>)
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : notice.reason === 'switchOrganization' ? (
        <>
          <p className="mt-4 text-gray-700">{t('missingFeature.switchText')}</p>
          <ul className="mt-4 space-y-2">
            {notice.organizations.map((organization) => (
              <li key={organization.id}>
                <Link to={switchOrganizationHref(organization.id)} className={buttonClassName('green')}>
                  {t('missingFeature.switchTo', { name: organization.name })}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-4 text-gray-700">{t('missingFeature.text', { suite: t(`missingFeature.suites.${notice.suite}`) })}</p>
      )}
      <Link to="/" className={`${buttonClassName('darkBlue')} mt-6`}>
        {t('missingFeature.back')}
      </Link>
    </div>
  );
}
