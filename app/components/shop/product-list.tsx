import { Form, Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '~/components/ui/button-styles';
import { IMAGE_SIZES, imageSrcSet } from '~/lib/images';
import { formatPrice } from '~/lib/schemas/shop';

/** A product as the shop pages show it (the shop service's ProductView, as the loader sends it). */
export interface ShopProduct {
  id: string;
  title: string;
  description: string;
  priceCents: number | null;
  currency: string;
  available: number | null;
  pictures: { id: string; url: string; alt: string; width: number | null }[];
  variants: { id: string; label: string; stock: number | null }[];
  seller: { name: string; standName: string | null; standSlug: string | null; hallSlug: string | null; hallStandSlug: string | null };
}

export function PriceText({ cents, currency }: { cents: number | null; currency: string }) {
  const { t, i18n } = useTranslation('shop');
  return <>{cents === null ? t('product.onRequest') : formatPrice(cents, currency, i18n.language)}</>;
}

/**
 * The products of a shop page as cards, each with its add-to-cart form (a plain POST: works without JavaScript).
 * `back` is where the answer returns to (the page with its filters).
 */
export function ProductList({ products, conventionSlug, back, showSeller }: { products: ShopProduct[]; conventionSlug: string; back: string; showSeller: boolean }) {
  const { t } = useTranslation('shop');
  if (!products.length) return <p className="rounded-lg bg-white p-4 shadow-sm">{t('shop.empty')}</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="shop-products">
      {products.map((p) => {
        const soldOut = p.available === 0;
        const standPath =
          p.seller.hallSlug && p.seller.hallStandSlug && p.seller.standSlug
            ? `/convention/${conventionSlug}/hall/${p.seller.hallSlug}/stand/${p.seller.hallStandSlug}/shop/${p.seller.standSlug}`
            : null;
        return (
          <li key={p.id} className="flex flex-col rounded-lg bg-white p-4 shadow-sm">
            {p.pictures[0] ? (
              <img
                src={`${p.pictures[0].url}?w=640`}
                srcSet={imageSrcSet(p.pictures[0].url, p.pictures[0].width)}
                sizes={IMAGE_SIZES.card}
                alt={p.pictures[0].alt}
                width={320}
                height={200}
                loading="lazy"
                decoding="async"
                className="mb-3 aspect-[16/10] w-full rounded object-cover"
              />
            ) : null}
            {p.pictures.length > 1 ? (
              <ul className="mb-3 flex gap-2" aria-label={t('product.morePictures', { title: p.title })}>
                {p.pictures.slice(1, 4).map((picture) => (
                  <li key={picture.id}>
                    <a href={picture.url} className="block rounded outline-none ring-brand-pink focus-visible:ring-2">
                      <img src={`${picture.url}?w=320`} alt={picture.alt} width={64} height={40} loading="lazy" decoding="async" className="aspect-[16/10] w-16 rounded object-cover" />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
            <h2 className="text-lg font-semibold text-brand-dark">{p.title}</h2>
            {showSeller ? (
              <p className="text-sm text-gray-700">
                {standPath ? <Link to={standPath} className="underline">{t('product.atStand', { name: p.seller.standName })}</Link> : t('product.host')}
                {' · '}
                {t('product.by', { name: p.seller.name })}
              </p>
            ) : null}
            {p.description ? <p className="mt-2 line-clamp-4 whitespace-pre-line text-sm text-gray-800">{p.description}</p> : null}
            <p className="mt-2 font-semibold">
              <PriceText cents={p.priceCents} currency={p.currency} />
            </p>
            <p className="text-sm text-gray-700">
              {soldOut ? t('product.soldOut') : p.available === null ? t('product.unlimited') : t('product.inStock', { count: p.available })}
            </p>
            {soldOut ? null : (
              <Form method="post" className="mt-auto flex flex-wrap items-end gap-2 pt-3">
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="productId" value={p.id} />
                <input type="hidden" name="back" value={back} />
                {p.variants.length ? (
                  <label className="flex flex-col text-sm font-medium">
                    {t('product.variant')}
                    <select name="variantId" required className="rounded-md border border-gray-300 px-2 py-2">
                      {p.variants.map((v) => (
                        <option key={v.id} value={v.id} disabled={v.stock === 0}>
                          {v.stock === 0 ? `${v.label} (${t('product.soldOut')})` : v.label}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
                <label className="flex flex-col text-sm font-medium">
                  {t('product.quantity')}
                  <input type="number" name="quantity" defaultValue={1} min={1} max={p.available ?? 999} required className="w-20 rounded-md border border-gray-300 px-2 py-2" />
                </label>
                <button type="submit" className={buttonClassName('standardNoMt')} aria-label={`${t('product.add')}: ${p.title}`}>
                  {t('product.add')}
                </button>
              </Form>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** "Shop: no authorisation" with the host's contact (spec 001 points 6 and 8). */
export function ShopDenied({ message }: { message: string }) {
  const { t } = useTranslation('shop');
  return (
    <section className="mx-auto max-w-xl rounded-lg bg-white p-6 shadow-sm" role="alert">
      <h1 className="text-xl font-semibold text-brand-dark">{t('shop.noAccessTitle')}</h1>
      <p className="mt-2">{message}</p>
    </section>
  );
}
