import type { MetaFunction } from '@remix-run/node';
import { Link, Outlet, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { standPreviewLoader } from '~/server/pages/stand.server';
import { standPreviewClientLoader, standPreviewHandle } from '~/components/stands/stand-preview';
import { StandView } from '~/components/stands/stand-view';
import { defineGuards } from '~/lib/guards';

export const handle = standPreviewHandle;
export const clientLoader = standPreviewClientLoader;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.stand.title ?? '' }];

export const guards = defineGuards({ organization: true, feature: 'event' });

/**
 * /stand/standpreview/{standslug}: the preview inside the stand frame (the stand's top bar with its name, shop
 * and chat as on the convention's stand page); a reference point opens in the frame at ./rp/{rpslug}.
 */
export const loader = standPreviewLoader(guards);

export default function StandFramePreview() {
  const { t } = useTranslation('events');
  const data = useLoaderData<typeof loader>();
  const { stand } = data;
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Link to={`/stand/${stand.slug}`} className="text-sm text-brand-dark underline-offset-2 hover:underline">
        {t('standPages.preview.back')}
      </Link>
      <div className="overflow-hidden rounded-lg border-4 border-brand-dark bg-white shadow" aria-label={t('standPages.preview.frameLabel', { name: stand.name })} role="region">
        <header className="flex items-center justify-between gap-4 bg-brand-dark px-6 py-3 text-white">
          <h1 className="text-lg font-semibold">{stand.name}</h1>
          <span className="text-sm opacity-80">{t('standPages.editor.standPreview')}</span>
        </header>
        <div className="grid gap-6 p-6 lg:grid-cols-[1fr_minmax(0,320px)]">
          <StandView data={data} rpHref={(rp) => `/stand/standpreview/${stand.slug}/rp/${rp}`} />
          <Outlet />
        </div>
      </div>
    </div>
  );
}
