import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PriceText } from '~/components/shop/product-list';
import { buttonClassName } from '~/components/ui/button-styles';
import { defineGuards } from '~/lib/guards';
import { withNamespaces } from '~/lib/i18n-namespaces';
import { CURRENCIES, parseVariantLines, variantLines } from '~/lib/schemas/shop';
import { runGuards } from '~/server/guards.server';
import { ACCEPT_BY_PURPOSE } from '~/lib/file-limits';
import { readPostedForm } from '~/server/posted-form.server';
import { listAction } from '~/server/route-kit.server';
import { listConventions } from '~/server/services/events/conventions';
import { listStands } from '~/server/services/events/stands';
import { DomainError } from '~/server/services/errors';
import { addProductPicture, createProduct, deleteProduct, orderProducts, productsOf, removeProductPicture, updateProduct, type ProductView } from '~/server/services/shop';

export const handle = { i18n: ['common', 'errors', 'validation', 'shop'], title: 'shop:console.title' };
export const clientLoader = withNamespaces(handle.i18n);

export const guards = defineGuards({ organization: true, feature: 'event' });

/** The organisation's stands and conventions, each with its products (one list per owner). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const [stands, conventions] = await Promise.all([listStands(ctx), listConventions(ctx)]);
  const owners = [
    ...stands.map((s) => ({ kind: 'stand' as const, id: s.id, name: s.name })),
    ...conventions.map((c) => ({ kind: 'convention' as const, id: c.id, name: c.title })),
  ];
  const lists = await Promise.all(owners.map((o) => productsOf(ctx, o.kind === 'stand' ? { standId: o.id } : { conventionId: o.id })));
  const edit = new URL(request.url).searchParams.get('edit');
  return { owners: owners.map((o, i) => ({ ...o, products: lists[i]! })), edit };
}

function fields(formData: FormData) {
  const text = (name: string) => formData.get(name)?.toString() ?? '';
  return {
    titleDe: text('titleDe'),
    titleEn: text('titleEn'),
    descriptionDe: text('descriptionDe'),
    descriptionEn: text('descriptionEn'),
    priceCents: text('price') as unknown as number,
    currency: text('currency') as (typeof CURRENCIES)[number],
    stock: text('stock') as unknown as number,
    visible: formData.get('visible') === 'on',
    variants: parseVariantLines(text('variants')),
  };
}

/**
 * Create, update, delete and move products, add and remove their pictures; answers are redirects with a toast (the
 * service's message on failure). A picture posts as multipart with `intent` first: the upload service stores it as
 * an image of the organisation (works without JavaScript), then the shop service attaches it to the product.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const ctx = context.service;
  const { formData, uploaded, failure } = await readPostedForm(request, context, ['addPicture']);
  const id = formData.get('id')?.toString() ?? '';
  const back = '/shop/products';
  const editing = `${back}?edit=${encodeURIComponent(id)}`;
  switch (formData.get('intent')) {
    case 'addPicture':
      return listAction(
        editing,
        () => {
          if (failure) throw failure;
          if (!uploaded) throw new DomainError('REQUIRED', ctx.t('files:upload.noFile'), 'file');
          return addProductPicture(ctx, id, { fileId: uploaded.id, altDe: formData.get('altDe')?.toString() ?? '', altEn: formData.get('altEn')?.toString() ?? '' });
        },
        { key: 'shop:toast.pictureAdded' },
      );
    case 'removePicture':
      return listAction(editing, () => removeProductPicture(ctx, id, formData.get('fileId')?.toString() ?? ''), { key: 'shop:toast.pictureRemoved' });
    case 'create': {
      const owner = formData.get('owner')?.toString() ?? '';
      const [kind, ownerId] = owner.split(':');
      return listAction(back, () => createProduct(ctx, { ...fields(formData), ...(kind === 'convention' ? { conventionId: ownerId } : { standId: ownerId }) }), { key: 'shop:toast.productSaved' });
    }
    case 'update': {
      const current = formData.get('variantIds')?.toString().split(',').filter(Boolean) ?? [];
      const input = fields(formData);
      // a variant line keeps its id by its place, so its stock in carts stays the same variant
      const variants = input.variants.map((v, i) => ({ ...v, id: current[i] }));
      return listAction(back, () => updateProduct(ctx, id, { ...input, variants }), { key: 'shop:toast.productSaved' });
    }
    case 'delete':
      return listAction(back, () => deleteProduct(ctx, id), { key: 'shop:toast.productDeleted' });
    case 'move': {
      const ids = formData.get('ids')?.toString().split(',').filter(Boolean) ?? [];
      return listAction(back, () => orderProducts(ctx, { ids }), { key: 'shop:toast.productsOrdered' });
    }
    default:
      throw new Response('Bad Request', { status: 400 });
  }
}

function ProductFields({ product }: { product?: ProductView }) {
  const { t } = useTranslation('shop');
  const input = 'rounded-md border border-gray-300 px-3 py-2';
  const label = 'flex flex-col gap-1 text-sm font-medium';
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className={label}>
        {t('console.titleDe')}
        <input name="titleDe" defaultValue={product?.titleDe} maxLength={255} className={input} />
      </label>
      <label className={label}>
        {t('console.titleEn')}
        <input name="titleEn" defaultValue={product?.titleEn} maxLength={255} className={input} />
      </label>
      <label className={label}>
        {t('console.descriptionDe')}
        <textarea name="descriptionDe" defaultValue={product?.descriptionDe} rows={3} maxLength={5000} className={input} />
      </label>
      <label className={label}>
        {t('console.descriptionEn')}
        <textarea name="descriptionEn" defaultValue={product?.descriptionEn} rows={3} maxLength={5000} className={input} />
      </label>
      <label className={label}>
        {t('console.price')}
        <input name="price" inputMode="decimal" defaultValue={product?.priceCents === null || !product ? '' : (product.priceCents / 100).toFixed(2)} className={input} />
      </label>
      <label className={label}>
        {t('console.currency')}
        <select name="currency" defaultValue={product?.currency ?? 'EUR'} className={input}>
          {CURRENCIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
      </label>
      <label className={label}>
        {t('console.stock')}
        <input name="stock" type="number" min={0} defaultValue={product?.stock ?? ''} className={input} />
      </label>
      <label className={label}>
        {t('console.variants')}
        <textarea name="variants" rows={3} defaultValue={product ? variantLines(product.variants) : ''} className={input} />
      </label>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="visible" defaultChecked={product?.visible ?? true} />
        {t('console.visible')}
      </label>
    </div>
  );
}

/** A product's pictures with their alternative texts, a remove button each, and the upload form (multipart, no JavaScript needed). */
function ProductPictures({ product }: { product: ProductView }) {
  const { t } = useTranslation('shop');
  const input = 'rounded-md border border-gray-300 px-3 py-2';
  const label = 'flex flex-col gap-1 text-sm font-medium';
  return (
    <section aria-labelledby={`pictures-${product.id}`} className="mt-3 space-y-3 rounded border p-3">
      <h3 id={`pictures-${product.id}`} className="font-semibold">
        {t('console.pictures')}
      </h3>
      {product.pictures.length ? (
        <ul className="flex flex-wrap gap-3" data-testid="product-pictures">
          {product.pictures.map((picture) => (
            <li key={picture.id} className="flex w-40 flex-col gap-1 text-sm">
              <img src={`${picture.url}?w=320`} alt={picture.alt} width={160} height={100} loading="lazy" className="aspect-[16/10] w-40 rounded object-cover" />
              <span className="line-clamp-2">{picture.alt}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="removePicture" />
                <input type="hidden" name="id" value={product.id} />
                <input type="hidden" name="fileId" value={picture.id} />
                <button type="submit" className={buttonClassName('transparent')} aria-label={`${t('console.removePicture')}: ${picture.alt}`}>
                  {t('console.removePicture')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-700">{t('console.noPictures')}</p>
      )}
      <Form method="post" encType="multipart/form-data" className="grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="addPicture" />
        <input type="hidden" name="id" value={product.id} />
        <label className={label}>
          {t('console.altDe')}
          <input name="altDe" maxLength={255} className={input} />
        </label>
        <label className={label}>
          {t('console.altEn')}
          <input name="altEn" maxLength={255} className={input} />
        </label>
        <label className={`${label} sm:col-span-2`}>
          {t('console.pictureFile')}
          <input type="file" name="file" required accept={ACCEPT_BY_PURPOSE.IMAGE} className="block text-sm" />
        </label>
        <button type="submit" className={`${buttonClassName('standardNoMt')} justify-self-start`}>
          {t('console.addPicture')}
        </button>
      </Form>
    </section>
  );
}

/** /shop/products (issue 31): the products of the organisation's stands and conventions. Plain forms. */
export default function ShopProducts() {
  const { owners, edit } = useLoaderData<typeof loader>();
  const { t } = useTranslation('shop');
  const move = (ids: string[], from: number, to: number) => {
    const next = [...ids];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    return next.join(',');
  };
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-brand-dark">{t('console.title')}</h1>
        <p className="text-gray-700">{t('console.intro')}</p>
      </header>
      {owners.length ? null : <p className="rounded-lg bg-white p-4 shadow-sm">{t('console.noOwners')}</p>}
      {owners.map((owner) => {
        const ids = owner.products.map((p) => p.id);
        return (
          <section key={owner.id} aria-labelledby={`owner-${owner.id}`} className="space-y-3 rounded-lg bg-white p-4 shadow-sm">
            <h2 id={`owner-${owner.id}`} className="text-lg font-semibold">
              {owner.kind === 'stand' ? t('console.standProducts', { name: owner.name }) : t('console.conventionProducts', { title: owner.name })}
            </h2>
            {owner.products.length ? (
              <ul className="divide-y">
                {owner.products.map((p, i) => (
                  <li key={p.id} className="py-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="grow font-medium">
                        {p.title} · <PriceText cents={p.priceCents} currency={p.currency} />
                        {p.available !== null ? ` · ${t('product.inStock', { count: p.available })}` : ''}
                        {p.visible ? '' : ` · ${t('console.hidden')}`}
                      </span>
                      <Link to={`?edit=${p.id}`} className={buttonClassName('transparent')} aria-label={`${t('console.edit')}: ${p.title}`}>
                        {t('console.edit')}
                      </Link>
                      {i > 0 ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="move" />
                          <input type="hidden" name="ids" value={move(ids, i, i - 1)} />
                          <button type="submit" className={buttonClassName('transparent')} aria-label={`${t('console.up')}: ${p.title}`}>
                            ↑
                          </button>
                        </Form>
                      ) : null}
                      {i < ids.length - 1 ? (
                        <Form method="post">
                          <input type="hidden" name="intent" value="move" />
                          <input type="hidden" name="ids" value={move(ids, i, i + 1)} />
                          <button type="submit" className={buttonClassName('transparent')} aria-label={`${t('console.down')}: ${p.title}`}>
                            ↓
                          </button>
                        </Form>
                      ) : null}
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="id" value={p.id} />
                        <button type="submit" className={buttonClassName('transparent')} aria-label={`${t('console.delete')}: ${p.title}`}>
                          {t('console.delete')}
                        </button>
                      </Form>
                    </div>
                    {edit === p.id ? <ProductPictures product={p} /> : null}
                    {edit === p.id ? (
                      <Form method="post" className="mt-3 space-y-3 rounded border p-3">
                        <input type="hidden" name="intent" value="update" />
                        <input type="hidden" name="id" value={p.id} />
                        <input type="hidden" name="variantIds" value={p.variants.map((v) => v.id).join(',')} />
                        <ProductFields product={p} />
                        <button type="submit" className={buttonClassName('standardNoMt')}>
                          {t('console.save')}
                        </button>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-gray-700">{t('console.none')}</p>
            )}
            <details>
              <summary className="cursor-pointer font-medium">{t('console.new')}</summary>
              <Form method="post" className="mt-3 space-y-3">
                <input type="hidden" name="intent" value="create" />
                <input type="hidden" name="owner" value={`${owner.kind}:${owner.id}`} />
                <ProductFields />
                <button type="submit" className={buttonClassName('standardNoMt')}>
                  {t('console.create')}
                </button>
              </Form>
            </details>
          </section>
        );
      })}
    </div>
  );
}
