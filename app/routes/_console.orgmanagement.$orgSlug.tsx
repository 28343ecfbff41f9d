import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { PageSection } from '~/components/ui/route-form';
import { featureNamesOf, FEATURE_NAMES, type FeatureName, type PackageName } from '~/lib/features';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { readForm } from '~/server/posted-form.server';
import { listAction, orNotFound, paramsOf } from '~/server/route-kit.server';
import { membersOf } from '~/server/services/organizations/members';
import { organizationBySlug } from '~/server/services/organizations/organizations';
import { hasPackage, setOrganizationSuites, suitesFromSelection } from '~/server/services/organizations/suites';
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
  const { orgSlug } = paramsOf(params, 'orgSlug');
  const org = await orNotFound(organizationBySlug(context.service, orgSlug));
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
  const { orgSlug } = paramsOf(params, 'orgSlug');
  const org = await orNotFound(organizationBySlug(context.service, orgSlug));
  const form = await readForm(request);
  const pick = <T extends string>(name: string, allowed: readonly T[]) =>
    form.getAll(name).map(String).filter((v): v is T => (allowed as readonly string[]).includes(v));
  const packages = pick('package', PACKAGES);
  const previous = pick('previousPackage', PACKAGES);
  const features = pick('feature', FEATURE_NAMES as readonly FeatureName[]);
  const mask = suitesFromSelection({ packages, previousPackages: previous, features });
  return listAction(`/orgmanagement/${org.slug}`, () => setOrganizationSuites(context.service, org.id, mask), { key: 'org:toast.suitesSaved' });
}

interface CheckboxGroupProps {
  legend: string;
  name: string;
  checked: readonly string[];
  className: string;
  children: { value: string; label: string }[];
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
      <PageSection id="suites" title={t('management.suitesTitle')} intro={t('management.suitesRule')}>
        {/* keyed by the stored suites: after saving, the checkboxes show what was stored, not what was clicked */}
        <Form key={`${data.packages.join()}|${data.features.join()}`} method="post" className="mt-4 space-y-4">
          {data.packages.map((p) => (
            <input key={p} type="hidden" name="previousPackage" value={p} />
          ))}
          <CheckboxGroup legend={t('management.packagesLegend')} name="package" checked={data.packages} className="flex flex-wrap gap-4">
            {PACKAGES.map((p) => ({ value: p, label: t(`management.packageNames.${p}`) }))}
          </CheckboxGroup>
          <CheckboxGroup legend={t('management.featuresLegend')} name="feature" checked={data.features} className="grid gap-2 sm:grid-cols-3">
            {FEATURE_NAMES.map((f) => ({ value: f, label: t(`management.featureNames.${f}`) }))}
          </CheckboxGroup>
          <Button type="submit">{t('management.saveSuites')}</Button>
        </Form>
      </PageSection>
      <PageSection id="members" title={t('management.membersTitle')}>
        <ul className="mt-2 divide-y">
          {data.members.map((m) => (
            <li key={m.id} className="py-2">
              <span className="font-medium">{m.name}</span> · {m.email} · {t(`roles.${m.role}`)}
            </li>
          ))}
        </ul>
      </PageSection>
    </div>
  );
}

/** A fieldset of checkboxes named `name`, one per option (the children), those in `checked` ticked. */
function CheckboxGroup({ legend, name, checked, className, children }: CheckboxGroupProps) {
  return (
    <fieldset>
      <legend className="font-medium">{legend}</legend>
      <div className={`mt-2 ${className}`}>
        {children.map(({ value, label }) => (
          <label key={value} className="flex items-center gap-2">
            <input type="checkbox" name={name} value={value} defaultChecked={checked.includes(value)} className="h-4 w-4" />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
