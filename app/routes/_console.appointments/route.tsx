import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { CopyLink } from '~/components/appointments/copy-link';
import { PageHeader, PageSection } from '~/components/ui/route-form';
import { bookingPath } from '~/lib/appointments/paths';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { invariantResponse } from '~/lib/route-kit';
import { runGuards } from '~/server/guards.server';
import { publicBaseUrl } from '~/server/services/accounts/common';

export const handle = { i18n: ['common', 'errors', 'validation', 'appointments'], title: 'appointments:console.title' };
export const clientLoader = withNamespaces(handle.i18n);

/** Appointment slots of the organisation's contact persons (spec 000 point 2: the appointment feature). */
export const guards = defineGuards({ organization: true, feature: 'appointment' });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const viewer = context.service.viewer;
  invariantResponse(viewer?.organization);
  const origin = publicBaseUrl(context.service.app.env).origin;
  return {
    organizationLink: `${origin}${bookingPath(viewer.organization.slug)}`,
    ownLink: `${origin}${bookingPath(viewer.organization.slug, viewer.userId)}`,
  };
}

export default function AppointmentsRoute() {
  const { organizationLink, ownLink } = useLoaderData<typeof loader>();
  const { t } = useTranslation('appointments');
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title={t('console.title')} intro={t('console.intro')} />
      <PageSection id="booking-links" title={t('console.links')} intro={t('console.linksIntro')}>
        <CopyLink link={ownLink} label={t('console.ownLink')} />
        <CopyLink link={organizationLink} label={t('console.organizationLink')} />
      </PageSection>
    </div>
  );
}
