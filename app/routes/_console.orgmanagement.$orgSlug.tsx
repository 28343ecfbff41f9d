import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { featureNamesOf, FEATURE_NAMES, type FeatureName, type PackageName } from '~/lib/features';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { orNotFound } from '~/server/route-kit.server';
import { isDomainError } from '~/server/services/errors';
import { membersOf } from '~/server/services/organizations/members';
import { organizationBySlug } from '~/server/services/organizations/organizations';
import { hasPackage, setOrganizationSuites, suitesFromSelection } from '~/server/services/organizations/suites';
import { redirectWithToast } from '~/server/toast.server';
import { crumbsFrom } from '~/lib/breadcrumbs';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = {
  i18n: ['common', 'org'],
  title: 'org:management.title',
  breadcrumb: crumbsFrom<typeof loader>((d) => [{ label: d.organization.name }]),
};
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, staff: true, feature: 'platformAdmin' });

const PACKAGES: PackageName[] = ['BASIC', 'EVENT', 'SALES', 'DATA', 'DLG'];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const org = await orNotFound(organizationBySlug(context.service, params.orgSlug ?? ''));
  const members = await membersOf(context.service, org.id);
  return {
    organization: { id: org.id, name: org.name, slug: org.slug, email: org.email ?? '' },
    packages: PACKAGES.filter((p) => hasPackage(org.suites, p)),
    features: featureNamesOf(org.suites),
    members: members.map((m) => ({
      id: m.user_id,
      name: `${m.first_name} ${m.last_name}`.trim() || m.email,
      email: m.email,
      role: m.is_owner ? 'owner' : m.role,
    })),
  };
}

/** The suites form (works without JavaScript): the service turns the checkboxes into a mask and applies the rules. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const org = await orNotFound(organizationBySlug(context.service, params.orgSlug ?? ''));
  const form = await readForm(request);
  const pick = <T extends string>(name: string, allowed: readonly T[]) =>
    form.getAll(name).map(String).filter((v): v is T => (allowed as readonly string[]).includes(v));
  const packages = pick('package', PACKAGES);
  const previous = pick('previousPackage', PACKAGES);
  const features = pick('feature', FEATURE_NAMES as readonly FeatureName[]);
  const mask = suitesFromSelection({ packages, previousPackages: previous, features });
  try {
    await setOrganizationSuites(context.service, org.id, mask);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirectWithToast(`/orgmanagement/${org.slug}`, { type: 'error', key: 'errors:raw', values: { message: error.message } });
  }
  return redirectWithToast(`/orgmanagement/${org.slug}`, { type: 'success', key: 'org:toast.suitesSaved' });
}

export default function OrganizationDetail() {
  const { t } = useTranslation('org');
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to="/orgmanagement" className="text-sm underline">
        {t('management.back')}
      </Link>
      <h1 className="text-2xl font-semibold">{t('management.details', { name: data.organization.name })}</h1>
      <section aria-labelledby="suites-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="suites-title" className="text-lg font-semibold">
          {t('management.suitesTitle')}
        </h2>
        <p className="mt-1 text-sm text-gray-700">{t('management.suitesRule')}</p>
        {/* keyed by the stored suites: after saving, the checkboxes show what was stored, not what was clicked */}
        <Form key={`${data.packages.join()}|${data.features.join()}`} method="post" className="mt-4 space-y-4">
          {data.packages.map((p) => (
            <input key={p} type="hidden" name="previousPackage" value={p} />
          ))}
          <fieldset>
            <legend className="font-medium">{t('management.packagesLegend')}</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {PACKAGES.map((p) => (
                <label key={p} className="flex items-center gap-2">
                  <input type="checkbox" name="package" value={p} defaultChecked={data.packages.includes(p)} className="h-4 w-4" />
                  {t(`management.packageNames.${p}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="font-medium">{t('management.featuresLegend')}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {FEATURE_NAMES.map((f) => (
                <label key={f} className="flex items-center gap-2">
                  <input type="checkbox" name="feature" value={f} defaultChecked={data.features.includes(f)} className="h-4 w-4" />
                  {t(`management.featureNames.${f}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <Button type="submit">{t('management.saveSuites')}</Button>
        </Form>
      </section>
      <section aria-labelledby="members-title" className="rounded-lg bg-white p-6 shadow-sm">
        <h2 id="members-title" className="text-lg font-semibold">
          {t('management.membersTitle')}
        </h2>
        <ul className="mt-2 divide-y">
          {data.members.map((m) => (
            <li key={m.id} className="py-2">
              <span className="font-medium">{m.name}</span> · {m.email} · {t(`roles.${m.role}`)}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
