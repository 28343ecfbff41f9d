import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { standPreviewLoader } from '~/server/pages/stand.server';
import { standPreviewClientLoader, standPreviewHandle } from '~/components/stands/stand-preview';
import { StandView } from '~/components/stands/stand-view';
import { defineGuards } from '~/lib/guards';

export const handle = standPreviewHandle;
export const clientLoader = standPreviewClientLoader;
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.stand.name ?? '' }];

export const guards = defineGuards({ organization: true, feature: 'event' });

/** /stand/preview/{standslug}: the stand as visitors see it in the current language, inside the console. */
export const loader = standPreviewLoader(guards);

export default function StandPreview() {
  const { t } = useTranslation(['events', 'common']);
  const data = useLoaderData<typeof loader>();
  const { stand } = data;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <Link to={`/stand/${stand.slug}`} className="text-sm text-brand-dark underline-offset-2 hover:underline">
          {t('standPages.preview.back')}
        </Link>
        <h1 className="mt-1 text-2xl font-semibold">{t('standPages.preview.title', { name: stand.name })}</h1>
        <p className="mt-1 text-gray-700">{t('standPages.preview.intro', { language: t(`common:languages.${data.language}`) })}</p>
        <Link to={`/stand/standpreview/${stand.slug}`} className="mt-2 inline-block text-sm text-brand-dark underline underline-offset-2">
          {t('standPages.editor.standPreview')}
        </Link>
      </div>
      <section className="rounded-lg bg-white p-6 shadow-sm" aria-label={t('standPages.preview.frameLabel', { name: stand.name })}>
        <StandView data={data} rpHref={(rp) => `/stand/standpreview/${stand.slug}/rp/${rp}`} />
      </section>
    </div>
  );
}
