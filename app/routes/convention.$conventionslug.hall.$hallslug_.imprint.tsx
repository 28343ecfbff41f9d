import { useLoaderData, useParams } from '@remix-run/react';
import { LegalPage } from '~/components/visitor/legal-page';
import { legalLoader } from '~/server/pages/stand-visit.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor'], title: 'visitor:shell.imprint' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ public: true, permission: { kind: 'conventionHall', param: 'hallslug' } });

/** The hall's host's imprint. */
export const loader = legalLoader(guards);

export default function HallImprint() {
  const { info } = useLoaderData<typeof loader>();
  const params = useParams();
  return <LegalPage kind="imprint" info={info} backHref={`/convention/${params.conventionslug}/hall/${params.hallslug}`} />;
}
