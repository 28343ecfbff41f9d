/** The shop (issue 31): catalogue, cart and checkout, order requests, products in the console. */
export * from './catalog';
export * from './cart';
export * from './orders';
export * from './products';
export { OutOfStockError, ShopNoAuthorisationError, mayManageProducts, type HostContact, type Shortage } from './policy';
