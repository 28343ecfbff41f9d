import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { isCurrentMember, mayUseFeature, requireMember } from '../access/membership';

/**
 * Who may turn publicsites and content groups into content pages (spec 000 point 2, 001 point 6: "Migration pages
 * need an admin feature"; issue 16): an admin (or the owner) of the organisation the viewer works in now, when that
 * organisation has the platform-admin feature. A sales user never does (their features are narrowed).
 */
export function mayMigratePages(viewer: Viewer | null): boolean {
  const organizationId = viewer?.organization?.id;
  return mayUseFeature(viewer, 'platformAdmin', organizationId) && isCurrentMember(viewer, organizationId, 'admin');
}

/** The current organisation's id for a migration; UNAUTHENTICATED or PERMISSION_DENIED otherwise. */
export function requirePageMigrator(ctx: ServiceContext): { viewer: Viewer; organizationId: string } {
  return requireMember(ctx, { role: 'admin', feature: 'platformAdmin' });
}
