import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { isCurrentMember, mayUseFeature, requireMember } from '../access/index';
import { DomainError } from '../errors';

/**
 * Who may do what in the shop (issue 31; spec 001 points 6 and 8):
 * - products are managed by the admins of the selling organisation (the stand's exhibitor, the convention's host)
 *   with the event feature, in their current organisation;
 * - order requests are read, answered and closed by the members of the selling organisation whose role has the
 *   event feature (a sales user's role has not); the visitor reads their own;
 * - visitors see a convention's shop by the convention's access type (the access module's rule); without access
 *   they get "Shop: no authorisation" with the host's contact.
 */

export function requireProductManager(ctx: ServiceContext, organizationId?: string) {
  return requireMember(ctx, { organizationId, role: 'admin', feature: 'event' });
}

export function mayManageProducts(viewer: Viewer | null, organizationId: string): boolean {
  return mayUseFeature(viewer, 'event', organizationId) && isCurrentMember(viewer, organizationId, 'admin');
}

export function requireOrderHandler(ctx: ServiceContext, organizationId?: string) {
  return requireMember(ctx, { organizationId, feature: 'event' });
}

export function mayHandleOrders(viewer: Viewer | null, organizationId: string): boolean {
  return mayUseFeature(viewer, 'event', organizationId);
}

export interface HostContact {
  name: string;
  email: string | null;
  phone: string;
  supportUrl: string;
}

/** "Shop: no authorisation" (spec 001 point 8), referring the visitor to the host (point 6). */
export class ShopNoAuthorisationError extends DomainError {
  readonly host: HostContact;

  constructor(ctx: ServiceContext, host: HostContact) {
    const contact = [host.email, host.phone, host.supportUrl].filter(Boolean).join(', ');
    super('PERMISSION_DENIED', ctx.t(contact ? 'shop:errors.noAuthorisation' : 'shop:errors.noAuthorisationNoContact', { host: host.name, contact }));
    this.name = 'ShopNoAuthorisationError';
    this.host = host;
  }
}

export interface Shortage {
  productId: string | null;
  variantId: string | null;
  name: string;
  requested: number;
  available: number;
}

/** Not enough stock: each short line with the quantity still available; nothing was changed. */
export class OutOfStockError extends DomainError {
  readonly shortages: Shortage[];

  constructor(ctx: ServiceContext, shortages: Shortage[], field: string | null = null) {
    const list = shortages.map((s) => ctx.t('shop:errors.shortageLine', { name: s.name, available: s.available })).join('; ');
    super('OUT_OF_STOCK', ctx.t('shop:errors.outOfStock', { list }), field);
    this.name = 'OutOfStockError';
    this.shortages = shortages;
  }
}

export const shopNotFound = (ctx: ServiceContext, field: string | null = null) => new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);
