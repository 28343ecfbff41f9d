import { defineGuards } from '~/lib/guards';
import { legalLoader } from '~/server/pages/legal.server';

export { exhibitionLegalMeta as meta, LegalRoutePage as default } from '~/components/visitor/legal-page';
export { visitorHandle as handle, visitorClientLoader as clientLoader } from '~/components/visitor/route-handles';

export const guards = defineGuards({ public: true, permission: { kind: 'exhibition', param: 'slug' } });

/** The data policy of the organisation that runs the fair (its text or link, or a clear note when it has none). */
export const loader = legalLoader(guards, 'dataPolicy', 'exhibition');
