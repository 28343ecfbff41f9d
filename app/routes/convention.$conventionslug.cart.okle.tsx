import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PriceText, ShopDenied } from '~/components/shop/product-list';
import { buttonClassName } from '~/components/ui/button-styles';
import { conventionPageTitle } from '~/components/visitor/convention-info';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { cartPageData, runShopGuards, shopAction } from '~/server/pages/shop.server';
import { paramsOf } from '~/server/route-kit.server';

export const handle = { i18n: ['common', 'errors', 'validation', 'visitor', 'shop'] };
export const clientLoader = withNamespaces(handle.i18n);
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: conventionPageTitle(matches, data?.title) }];

/** The cart is the logged-in visitor's own; the convention's access type applies (spec 001 point 6). */
export const guards = defineGuards({ permission: { kind: 'convention', param: 'conventionslug' } });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runShopGuards({ request, context, params }, guards);
  const { conventionslug } = paramsOf(params, 'conventionslug');
  const page = await cartPageData(context, conventionslug);
  return { ...page, title: context.service.t('shop:cart.title'), conventionSlug: conventionslug };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runShopGuards({ request, context, params }, guards);
  const { conventionslug } = paramsOf(params, 'conventionslug');
  return shopAction(context, request, conventionslug, `/convention/${conventionslug}/cart/okle`);
}

/**
 * /convention/{c}/cart/okle (spec 000 point 2; only for conventions with a shop): the lines with their quantities
 * (a product that went away is marked, never dropped), the totals, the checkout into order requests and the visitor's
 * requests with the exhibitors' answers. Plain forms: works without JavaScript.
 */
export default function ConventionCart() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation('shop');
  if (data.denied !== null) return <ShopDenied message={data.denied} />;
  const { cart, requests } = data.data;
  const back = `/convention/${data.conventionSlug}/cart/okle`;
  const date = new Intl.DateTimeFormat(i18n.language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold text-brand-dark lg:text-3xl">{t('cart.title')}</h1>
        <Link to={`/convention/${data.conventionSlug}/shop/okle`} className={buttonClassName('transparent')}>
          {t('cart.toShop')}
        </Link>
      </header>
      {cart.lines.length ? (
        <section className="space-y-3 rounded-lg bg-white p-4 shadow-sm">
          <ul className="divide-y" data-testid="cart-lines">
            {cart.lines.map((line) => (
              <li key={line.id} className="flex flex-wrap items-end gap-3 py-3">
                <div className="min-w-[12rem] grow">
                  <p className="font-semibold">
                    {line.name}
                    {line.variantLabel ? <span className="font-normal"> ({line.variantLabel})</span> : null}
                  </p>
                  <p className="text-sm text-gray-700">
                    {line.sellerName ? `${line.sellerName} · ` : ''}
                    <PriceText cents={line.priceCents} currency={line.currency} />
                  </p>
                  {line.state === 'GONE' ? <p className="text-sm font-semibold text-brand-red">{t('cart.gone')}</p> : null}
                  {line.state === 'UNAVAILABLE' ? <p className="text-sm font-semibold text-brand-red">{t('cart.unavailable')}</p> : null}
                  {line.state === 'SHORT' ? <p className="text-sm font-semibold text-brand-red">{t('cart.short', { available: line.available })}</p> : null}
                </div>
                {line.state === 'GONE' || line.state === 'UNAVAILABLE' ? (
                  <span className="text-sm">{t('product.quantity')}: {line.quantity}</span>
                ) : (
                  <Form method="post" className="flex items-end gap-2">
                    <input type="hidden" name="intent" value="update" />
                    <input type="hidden" name="lineId" value={line.id} />
                    <input type="hidden" name="back" value={back} />
                    <label className="flex flex-col text-sm font-medium">
                      {t('product.quantity')}
                      <input type="number" name="quantity" min={1} max={line.available ?? 999} defaultValue={line.quantity} required className="w-20 rounded-md border border-gray-300 px-2 py-2" />
                    </label>
                    <button type="submit" className={buttonClassName('outline')} aria-label={`${t('cart.update')}: ${line.name}`}>
                      {t('cart.update')}
                    </button>
                  </Form>
                )}
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="lineId" value={line.id} />
                  <input type="hidden" name="back" value={back} />
                  <button type="submit" className={buttonClassName('transparent')} aria-label={`${t('cart.remove')}: ${line.name}`}>
                    {t('cart.remove')}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
          <p className="text-right font-semibold">
            {t('cart.total')}:{' '}
            {cart.totals.map((total, i) => (
              <span key={total.currency}>
                {i ? ' + ' : ''}
                <PriceText cents={total.cents} currency={total.currency} />
              </span>
            ))}
          </p>
          {cart.hasOnRequest ? <p className="text-right text-sm text-gray-700">{t('cart.onRequestNote')}</p> : null}
          <Form method="post" className="space-y-2 border-t pt-3">
            <input type="hidden" name="intent" value="checkout" />
            <input type="hidden" name="back" value={back} />
            <p className="text-sm text-gray-700">{t('cart.checkoutIntro')}</p>
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('cart.message')}
              <textarea name="message" rows={3} maxLength={2000} className="rounded-md border border-gray-300 px-3 py-2" />
            </label>
            <button type="submit" className={buttonClassName('standardNoMt')}>
              {t('cart.checkout')}
            </button>
          </Form>
        </section>
      ) : (
        <p className="rounded-lg bg-white p-4 shadow-sm">{t('cart.empty')}</p>
      )}
      <section aria-labelledby="my-requests" className="space-y-3">
        <h2 id="my-requests" className="text-xl font-semibold text-brand-dark">
          {t('cart.requests')}
        </h2>
        {requests.items.length ? (
          <ul className="space-y-3" data-testid="my-order-requests">
            {requests.items.map((r) => (
              <li key={r.id} className="rounded-lg bg-white p-4 shadow-sm">
                <p className="font-semibold">
                  {t('requests.number', { number: r.number })} · {r.sellerName} · {t(`requests.state.${r.state}`)}
                </p>
                <p className="text-sm text-gray-700">{date.format(new Date(r.created))}</p>
                <ul className="mt-1 list-disc pl-5 text-sm">
                  {r.lines.map((l) => (
                    <li key={l.id}>
                      {l.quantity} × {l.name}
                      {l.variantLabel ? ` (${l.variantLabel})` : ''}
                    </li>
                  ))}
                </ul>
                {r.answer ? <p className="mt-2 whitespace-pre-line rounded bg-brand-grey p-2">{r.answer}</p> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-gray-700">{t('cart.noRequests')}</p>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary error={useRouteError()} />;
}
