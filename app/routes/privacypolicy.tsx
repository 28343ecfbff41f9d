import { PrivacyPolicyPage, platformLegalMeta } from '~/components/layout/legal-pages';
import { defineGuards } from '~/lib/guards';
import { platformLegalLoader } from '~/server/pages/legal.server';

export const guards = defineGuards({ public: true });

/** Public page (spec 000 public routes). */
export const loader = platformLegalLoader(guards, 'dataPolicy');
export const meta = platformLegalMeta;

export default PrivacyPolicyPage;
