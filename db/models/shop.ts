import type { RelationMappingsThunk } from 'objection';
import { User } from './accounts';
import { BaseModel, translationModel } from './base';
import { Convention } from './conventions';
import { UploadedFile } from './files';
import { Organization } from './organizations';
import { belongsTo, hasMany } from './relations';
import { BaseStand } from './stands';

export type Currency = 'EUR' | 'CHF' | 'USD' | 'GBP';
export type OrderRequestState = 'NEW' | 'ANSWERED' | 'CLOSED';

/**
 * A product of the shop (issue 31): a stand's (sold by its exhibitor) or a convention's (sold by its host). A null
 * price is "on request"; a null stock is unlimited (with variants, each variant keeps its own stock).
 */
export class Product extends BaseModel {
  static override tableName = 'products';

  declare organization_id: string;
  declare stand_id: string | null;
  declare convention_id: string | null;
  declare price_cents: number | null;
  declare currency: Currency;
  declare stock: number | null;
  declare visible: boolean;
  declare order: number;

  declare organization?: Organization;
  declare stand?: BaseStand | null;
  declare convention?: Convention | null;
  declare translations?: ProductTranslation[];
  declare pictures?: ProductPicture[];
  declare variants?: ProductVariant[];

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'products.organization_id'),
    stand: belongsTo(BaseStand, 'products.stand_id'),
    convention: belongsTo(Convention, 'products.convention_id'),
    translations: hasMany(ProductTranslation, 'products.id', 'product_translations.product_id'),
    pictures: hasMany(ProductPicture, 'products.id', 'product_pictures.product_id'),
    variants: hasMany(ProductVariant, 'products.id', 'product_variants.product_id'),
  });
}

/** A product's name (`title`) and description in one language. */
export class ProductTranslation extends translationModel('product_translations', 'product_id') {
  declare product_id: string;
}

export class ProductPicture extends BaseModel {
  static override tableName = 'product_pictures';

  declare organization_id: string;
  declare product_id: string;
  declare file_id: string;
  declare order: number;
  /** the picture's alternative text per language (empty: the product's title) */
  declare alt_de: string;
  declare alt_en: string;

  declare file?: UploadedFile;

  static override relationMappings: RelationMappingsThunk = () => ({
    file: belongsTo(UploadedFile, 'product_pictures.file_id'),
  });
}

/** A size and/or colour of a product with its own stock (null: unlimited). */
export class ProductVariant extends BaseModel {
  static override tableName = 'product_variants';

  declare organization_id: string;
  declare product_id: string;
  declare size: string;
  declare colour: string;
  declare stock: number | null;
  declare order: number;
}

/** A visitor's cart in one convention; it outlives the session. */
export class Cart extends BaseModel {
  static override tableName = 'carts';

  declare user_id: string;
  declare convention_id: string;

  declare lines?: CartLine[];

  static override relationMappings: RelationMappingsThunk = () => ({
    lines: hasMany(CartLine, 'carts.id', 'cart_lines.cart_id'),
  });
}

/** One product (and variant) in a cart; `name` and `variant_label` are snapshots for a product that went away. */
export class CartLine extends BaseModel {
  static override tableName = 'cart_lines';

  declare cart_id: string;
  declare product_id: string | null;
  declare variant_id: string | null;
  declare quantity: number;
  declare name: string;
  declare variant_label: string;
}

/** What a visitor asked one selling organisation for at one checkout; the organisation answers and closes it. */
export class OrderRequest extends BaseModel {
  static override tableName = 'order_requests';

  declare organization_id: string;
  declare convention_id: string | null;
  declare user_id: string | null;
  declare checkout_id: string;
  declare number: string;
  declare buyer_name: string;
  declare buyer_email: string;
  declare buyer_language: 'DE' | 'EN';
  declare message: string;
  declare state: OrderRequestState;
  declare answer: string | null;
  declare answered_at: Date | null;
  declare closed_at: Date | null;

  declare organization?: Organization;
  declare user?: User | null;
  declare lines?: OrderRequestLine[];

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'order_requests.organization_id'),
    user: belongsTo(User, 'order_requests.user_id', 'users.id'),
    lines: hasMany(OrderRequestLine, 'order_requests.id', 'order_request_lines.order_request_id'),
  });
}

/** A snapshot of one ordered product: name, variant, quantity and price at the time of the checkout. */
export class OrderRequestLine extends BaseModel {
  static override tableName = 'order_request_lines';

  declare organization_id: string;
  declare order_request_id: string;
  declare product_id: string | null;
  declare variant_id: string | null;
  declare name: string;
  declare variant_label: string;
  declare quantity: number;
  declare price_cents: number | null;
  declare currency: Currency;
  declare position: number;
}
