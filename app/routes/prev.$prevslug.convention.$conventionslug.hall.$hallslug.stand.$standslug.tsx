import type { MetaFunction } from '@remix-run/node';
import { useLoaderData, useOutlet, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LanguageSwitch } from '~/components/layout/language-switch';
import { StandPage } from '~/components/visitor/stand-page';
import { standPageLoader } from '~/server/pages/stand-visit.server';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor', 'events'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.stand.title ?? '' },
  // a shared preview link must not end up in search engines
  { name: 'robots', content: 'noindex, nofollow' },
];

export const guards = defineGuards({ public: true, permission: { kind: 'previewStand', param: 'standslug' } });

/**
 * /prev/{prevslug}/convention/{c}/hall/{h}/stand/{s}: the stand as visitors will see it, before the host approved
 * it, for whoever has the unguessable preview slug of that hall stand. A wrong slug is the 404 page.
 */
export const loader = standPageLoader(guards);

export default function StandPreviewLink() {
  const { t } = useTranslation('visitor');
  const data = useLoaderData<typeof loader>();
  // the reference point the visitor opened, if any
  const outlet = useOutlet();
  return (
    <div className="min-h-screen bg-[#f7f7f7]">
      <header className="flex items-center gap-3 border-b bg-white px-4 py-2">
        <img src="/images/logo-fallback.svg" alt="" width={160} height={38} className="h-auto w-40" />
        <p className="text-sm font-semibold text-brand-dark">{t('stand.previewTitle')}</p>
        <div className="ml-auto">
          <LanguageSwitch current={data.language} plain />
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl p-4 lg:p-8">
        <StandPage data={data} preview>
          {outlet}
        </StandPage>
      </main>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
