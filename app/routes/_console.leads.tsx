import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { LeadPagesHeader } from '~/components/leads/lead-pages-header';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { runGuards } from '~/server/guards.server';
import { leadBranding } from '~/server/pages/leads.server';

export const handle = { i18n: ['leadsconsole'] };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'lead' });

/**
 * The lead pages' layout (spec 000 point 2): the lead form's personalization logo, imprint and privacy toggle, and
 * the organisation's name as the title of every page under /leads.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return { branding: await leadBranding(context, new URL(request.url).searchParams.get('form')) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.branding.organizationName ?? '' }];

export default function LeadPages() {
  const { branding } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <div className="mx-auto max-w-6xl">
        <LeadPagesHeader branding={branding} heading="p" />
      </div>
      <Outlet />
    </div>
  );
}
