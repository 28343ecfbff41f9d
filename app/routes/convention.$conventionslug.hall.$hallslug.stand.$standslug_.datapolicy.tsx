import { LegalRoutePage, legalHandle } from '~/components/visitor/legal-page';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { legalLoader } from '~/server/pages/legal.server';

export const handle = legalHandle('dataPolicy');
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ public: true, permission: { kind: 'conventionStand', param: 'standslug' } });

/** The exhibitor's data policy for their stand. */
export const loader = legalLoader(guards, 'dataPolicy', 'convention');

export default LegalRoutePage;
