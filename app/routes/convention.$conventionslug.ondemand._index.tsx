import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { orNotFound, paramsOf } from '~/server/route-kit.server';
import { defineGuards } from '~/lib/guards';
import { visitorHandle } from '~/components/visitor/route-handles';
import { runGuards } from '~/server/guards.server';
import { onDemandForVisitor } from '~/server/services/events/on-demand';
import { CARD_GRID, ThumbnailCard } from '~/components/visitor/thumbnail-card';

export const handle = { ...visitorHandle, title: 'visitor:onDemand.pageTitle' };
export { visitorClientLoader as clientLoader } from '~/components/visitor/route-handles';

export const guards = defineGuards({ public: true, permission: { kind: 'convention', param: 'conventionslug' } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const { conventionslug } = paramsOf(params, 'conventionslug');
  const items = await orNotFound(onDemandForVisitor(context.service, conventionslug));
  return { items, base: `/convention/${params.conventionslug}/ondemand` };
}

/** /convention/{c}/ondemand: the convention's recordings and videos on demand (spec 000 point 3). */
export default function OnDemandList() {
  const { t } = useTranslation('visitor');
  const { items, base } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-brand-dark lg:text-3xl">{t('onDemand.pageTitle')}</h1>
        <p className="mt-2 max-w-3xl text-gray-800">{t('onDemand.intro')}</p>
      </header>
      {items.length ? (
        <ul className={CARD_GRID}>
          {items.map((item, index) => (
            <li key={item.slug}>
              <ThumbnailCard to={`${base}/${item.slug}`} thumbnailUrl={item.thumbnailUrl} index={index} video>
                <span className="block p-4">
                  <span className="block font-semibold text-brand-dark">{item.title}</span>
                  <span className="mt-1 line-clamp-3 block text-sm text-gray-700">
                    {item.description || <span className="italic">{t('programme.noDescription')}</span>}
                  </span>
                </span>
              </ThumbnailCard>
            </li>
          ))}
        </ul>
      ) : (
        <p className="rounded-lg bg-white p-4 text-gray-700 shadow-sm">{t('onDemand.empty')}</p>
      )}
    </div>
  );
}
