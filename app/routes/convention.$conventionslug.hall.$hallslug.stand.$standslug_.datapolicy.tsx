import { useLoaderData, useParams } from '@remix-run/react';
import { LegalPage } from '~/components/visitor/legal-page';
import { legalLoader } from '~/server/pages/stand-visit.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor'], title: 'visitor:shell.dataPolicy' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ public: true, permission: { kind: 'conventionStand', param: 'standslug' } });

/** The exhibitor's data policy for their stand. */
export const loader = legalLoader(guards);

export default function StandDataPolicy() {
  const { info } = useLoaderData<typeof loader>();
  const params = useParams();
  return <LegalPage kind="dataPolicy" info={info} backHref={`/convention/${params.conventionslug}/hall/${params.hallslug}/stand/${params.standslug}`} />;
}
