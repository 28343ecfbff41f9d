import { z } from 'zod';

/** Shop (issue 31): products, cart and order requests; shared by the services, GraphQL and the forms. */

export const CURRENCIES = ['EUR', 'CHF', 'USD', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const ORDER_REQUEST_STATES = ['NEW', 'ANSWERED', 'CLOSED'] as const;
export type OrderRequestState = (typeof ORDER_REQUEST_STATES)[number];

/** the largest quantity of one cart line */
export const MAX_QUANTITY = 999;
/** products per page of a shop */
export const SHOP_PAGE_SIZE = 24;

const text = (max: number) => z.string().trim().max(max);
/** an empty form field is "not given" */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const checkbox = z.preprocess((v) => (v === 'on' || v === 'true' ? true : v === 'off' || v === 'false' ? false : v), z.boolean());

/** A price typed as "12.50" or "12,50" into cents; empty is "on request" (null). */
export const priceCents = z.preprocess((v) => {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number') return v;
  const s = String(v).trim().replace(',', '.');
  if (s === '') return null;
  if (!/^\d{1,7}(?:\.\d{1,2})?$/.test(s)) return Number.NaN;
  return Math.round(Number(s) * 100);
}, z.number().int().min(0).max(999_999_999).nullable());

const stock = z.preprocess((v) => (v === '' || v === undefined ? null : v), z.coerce.number().int().min(0).max(1_000_000).nullable());

export const VariantSchema = z
  .object({
    id: z.string().uuid().optional(),
    size: text(50).default(''),
    colour: text(50).default(''),
    stock: stock.default(null),
  })
  .refine((v) => v.size !== '' || v.colour !== '', { path: ['size'] });
export type VariantInput = z.input<typeof VariantSchema>;

export const ProductFieldsSchema = z.object({
  titleDe: text(255).default(''),
  titleEn: text(255).default(''),
  descriptionDe: z.string().max(5000).default(''),
  descriptionEn: z.string().max(5000).default(''),
  priceCents: priceCents.default(null),
  currency: z.enum(CURRENCIES).default('EUR'),
  stock: stock.default(null),
  visible: checkbox.default(true),
  pictureIds: z.array(z.string().uuid()).max(10).default([]),
  variants: z.array(VariantSchema).max(50).default([]),
});

/** A product needs a name in at least one language. */
const named = <T extends { titleDe?: string; titleEn?: string }>(v: T) => Boolean(v.titleDe?.trim() || v.titleEn?.trim());

export const ProductCreateSchema = ProductFieldsSchema.extend({
  standId: z.string().uuid().optional(),
  conventionId: z.string().uuid().optional(),
})
  .refine((v) => Boolean(v.standId) !== Boolean(v.conventionId), { path: ['standId'] })
  .refine(named, { path: ['titleEn'] });
export type ProductCreateInput = z.input<typeof ProductCreateSchema>;

export const ProductUpdateSchema = ProductFieldsSchema.partial().refine((v) => v.titleDe === undefined || v.titleEn === undefined || named(v), { path: ['titleEn'] });
export type ProductUpdateInput = z.input<typeof ProductUpdateSchema>;

export const ProductOrderSchema = z.object({ ids: z.array(z.string().uuid()).min(1).max(500) });

/** A picture added to a product: an image of the organisation with its alternative text per language (empty: the product's title). */
export const ProductPictureSchema = z.object({
  fileId: z.string().uuid(),
  altDe: text(255).default(''),
  altEn: text(255).default(''),
});

export const quantity = z.coerce.number().int().min(1).max(MAX_QUANTITY);

export const CartAddSchema = z.object({
  productId: z.string().uuid(),
  variantId: z.preprocess(blankToUndefined, z.string().uuid().optional()),
  quantity: quantity.default(1),
});
export type CartAddInput = z.input<typeof CartAddSchema>;

export const CartUpdateSchema = z.object({ lineId: z.string().uuid(), quantity });
export const CartRemoveSchema = z.object({ lineId: z.string().uuid() });
export const CheckoutSchema = z.object({ message: z.string().trim().max(2000).default('') });
export const OrderAnswerSchema = z.object({ id: z.string().uuid(), answer: z.string().trim().min(1).max(5000) });
export const OrderCloseSchema = z.object({ id: z.string().uuid() });

export const ShopFilterSchema = z.object({
  search: z.preprocess(blankToUndefined, text(100).optional()),
  hall: z.preprocess(blankToUndefined, text(100).optional()),
  stand: z.preprocess(blankToUndefined, text(100).optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
});
export type ShopFilter = z.input<typeof ShopFilterSchema>;

/** One line per variant in the console's form: "size; colour; stock" (stock empty: unlimited). */
export function parseVariantLines(value: string): VariantInput[] {
  return value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [size = '', colour = '', count = ''] = line.split(';').map((p) => p.trim());
      return { size, colour, stock: count === '' ? null : (Number(count) as number) };
    });
}

export function variantLines(variants: { size: string; colour: string; stock: number | null }[]): string {
  return variants.map((v) => `${v.size}; ${v.colour}; ${v.stock ?? ''}`).join('\n');
}

export const variantLabel = (v: { size: string; colour: string }) => [v.size, v.colour].filter(Boolean).join(' / ');

/** "12,50 €" in the reader's language; null (on request) is the caller's text. */
export function formatPrice(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language === 'DE' || language === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency }).format(cents / 100);
}
