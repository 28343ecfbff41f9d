import type { MetaFunction } from '@remix-run/node';
import { useLoaderData, useParams } from '@remix-run/react';
import { exhibitionTitle } from '~/components/visitor/exhibition-data';
import { exhibitionLegalLoader } from '~/server/pages/exhibition-visit.server';
import { LegalPage } from '~/components/visitor/legal-page';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: exhibitionTitle(matches, data?.title) }];

export const guards = defineGuards({ public: true, permission: { kind: 'exhibition', param: 'slug' } });

/** The data policy of the organisation that runs the fair (its text or link, or a clear note when it has none). */
export const loader = exhibitionLegalLoader(guards, 'visitor:shell.dataPolicy');

export default function ExhibitionPrivacy() {
  const { info } = useLoaderData<typeof loader>();
  const params = useParams();
  return <LegalPage kind="dataPolicy" info={info} backHref={`/exhibition/${params.slug}`} />;
}
