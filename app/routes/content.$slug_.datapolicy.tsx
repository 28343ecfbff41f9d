import { contentLegalMeta, ContentLegalRoutePage, legalHandle } from '~/components/visitor/legal-page';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { legalLoader } from '~/server/pages/legal.server';

export const handle = legalHandle('dataPolicy');
export const clientLoader = withNamespaces(handle.i18n);
export const meta = contentLegalMeta;

/** Public; the page's own visibility applies (the link's token comes along). */
export const guards = defineGuards({ public: true });

/** /content/{slug}/datapolicy (spec 000 point 2): the page's personalization's text, else its organisation's. */
export const loader = legalLoader(guards, 'dataPolicy', 'content');

export default ContentLegalRoutePage;
