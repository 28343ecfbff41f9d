import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { ProductList, ShopDenied } from '~/components/shop/product-list';
import { buttonClassName } from '~/components/ui/button-styles';
import { conventionPageTitle } from '~/components/visitor/convention-info';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { targetPath } from '~/server/guards.server';
import { runShopGuards, shopAction, shopPage } from '~/server/pages/shop.server';
import { paramsOf } from '~/server/route-kit.server';
import { standShop } from '~/server/services/shop';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor', 'shop'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: conventionPageTitle(matches, data?.title) }];

/** The stand's own access rules apply as on its page; the shop service refers a visitor without access to the host. */
export const guards = defineGuards({ public: true, permission: { kind: 'conventionStand', param: 'standslug' } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runShopGuards({ request, context, params }, guards);
  const { conventionslug, hallslug, standslug, stand } = paramsOf(params, 'conventionslug', 'hallslug', 'standslug', 'stand');
  const page = await shopPage(() => standShop(context.service, conventionslug, hallslug, standslug, stand));
  const title = page.denied === null ? context.service.t('shop:shop.standTitle', { name: page.data.stand.name }) : context.service.t('shop:shop.title');
  return { ...page, title, conventionSlug: conventionslug, back: targetPath(request) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runShopGuards({ request, context, params }, guards);
  const { conventionslug } = paramsOf(params, 'conventionslug');
  return shopAction(context, request, conventionslug, targetPath(request));
}

/** /convention/{c}/hall/{h}/stand/{s}/shop/{stand} (spec 000 point 2): the products of one stand. */
export default function StandShop() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('shop');
  if (data.denied !== null) return <ShopDenied message={data.denied} />;
  const { stand, items } = data.data;
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold text-brand-dark lg:text-3xl">{data.title}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={`/convention/${data.conventionSlug}/shop/okle`} className={buttonClassName('transparent')}>
            {t('shop.allProducts')}
          </Link>
          <Link to={`/convention/${data.conventionSlug}/cart/okle`} className={buttonClassName('outline')}>
            {t('shop.toCart')}
          </Link>
        </div>
      </header>
      <p>
        <Link to={`/convention/${data.conventionSlug}/hall/${stand.hallSlug}/stand/${stand.hallStandSlug}`} className="underline">
          {stand.name}
        </Link>
      </p>
      <ProductList products={items} conventionSlug={data.conventionSlug} back={data.back} showSeller={false} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
