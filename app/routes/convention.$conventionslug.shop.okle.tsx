import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useRouteError } from '@remix-run/react';
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
import { shopFilters, shopProducts } from '~/server/services/shop';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor', 'shop'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: conventionPageTitle(matches, data?.title) }];

/** The convention's access type applies (spec 001 point 6); the shop service refers a visitor without access to the host. */
export const guards = defineGuards({ public: true, permission: { kind: 'convention', param: 'conventionslug' } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runShopGuards({ request, context, params }, guards);
  const { conventionslug } = paramsOf(params, 'conventionslug');
  const query = new URL(request.url).searchParams;
  const filter = { search: query.get('search') ?? '', hall: query.get('hall') ?? '', stand: query.get('stand') ?? '', page: query.get('page') ?? '1' };
  const page = await shopPage(async () => {
    const products = await shopProducts(context.service, conventionslug, filter);
    return { products, filters: await shopFilters(context.service, products.convention) };
  });
  return { ...page, title: context.service.t('shop:shop.title'), conventionSlug: conventionslug, filter, back: targetPath(request), loggedIn: Boolean(context.viewer) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runShopGuards({ request, context, params }, guards);
  const { conventionslug } = paramsOf(params, 'conventionslug');
  return shopAction(context, request, conventionslug, `/convention/${conventionslug}/shop/okle`);
}

/** /convention/{c}/shop/okle (spec 000 point 2): every visible product of the convention, searchable, by hall and stand. */
export default function ConventionShop() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation('shop');
  if (data.denied !== null) return <ShopDenied message={data.denied} />;
  const { products, filters } = data.data;
  const base = `/convention/${data.conventionSlug}/shop/okle`;
  const pageLink = (page: number) => {
    const q = new URLSearchParams({ ...data.filter, page: String(page) });
    for (const [k, v] of [...q]) if (!v) q.delete(k);
    return `${base}?${q}`;
  };
  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold text-brand-dark lg:text-3xl">{t('shop.title')}</h1>
        <Link to={`/convention/${data.conventionSlug}/cart/okle`} className={buttonClassName('outline')}>
          {t('shop.toCart')}
        </Link>
      </header>
      <Form method="get" action={base} role="search" className="flex flex-wrap items-end gap-2 rounded-lg bg-white p-3 shadow-sm">
        <label className="flex grow flex-col text-sm font-medium">
          {t('shop.searchLabel')}
          <input type="search" name="search" defaultValue={data.filter.search} maxLength={100} className="rounded-md border border-gray-300 px-3 py-2" />
        </label>
        <label className="flex flex-col text-sm font-medium">
          {t('shop.hall')}
          <select name="hall" defaultValue={data.filter.hall} className="rounded-md border border-gray-300 px-2 py-2">
            <option value="">{t('shop.allHalls')}</option>
            {filters.halls.map((h) => (
              <option key={h.slug} value={h.slug}>
                {h.name}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-sm font-medium">
          {t('shop.stand')}
          <select name="stand" defaultValue={data.filter.stand} className="rounded-md border border-gray-300 px-2 py-2">
            <option value="">{t('shop.allStands')}</option>
            {filters.stands.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClassName('darkBlue')}>
          {t('shop.filter')}
        </button>
      </Form>
      <p className="text-sm text-gray-700" role="status">
        {t('shop.count', { count: products.total })}
      </p>
      <ProductList products={products.items} conventionSlug={data.conventionSlug} back={data.back} showSeller />
      {products.pages > 1 ? (
        <nav aria-label={t('shop.page', { page: products.page, pages: products.pages })} className="flex items-center justify-center gap-4">
          {products.page > 1 ? <Link to={pageLink(products.page - 1)} className="underline">{t('shop.previous')}</Link> : null}
          <span>{t('shop.page', { page: products.page, pages: products.pages })}</span>
          {products.page < products.pages ? <Link to={pageLink(products.page + 1)} className="underline">{t('shop.next')}</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
