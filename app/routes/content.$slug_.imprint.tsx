import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { LegalPage } from '~/components/visitor/legal-page';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { contentLegalLoader } from '~/server/pages/content-legal.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor'], title: 'visitor:shell.imprint' };
export const clientLoader = withNamespaces(handle.i18n);

/** Public; the page's own visibility applies (the link's token comes along). */
export const guards = defineGuards({ public: true });

/** /content/{slug}/imprint (spec 000 point 2): the page's personalization's text, else its organisation's. */
export const loader = (args: LoaderFunctionArgs) => contentLegalLoader(args, guards);

export default function ContentPageImprint() {
  const { info, back } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto min-h-screen max-w-3xl bg-gray-50 p-4 sm:p-8">
      <LegalPage kind="imprint" info={info} backHref={back} />
    </main>
  );
}
