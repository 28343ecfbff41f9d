import { hasFeature } from '~/lib/features';
import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { permissionDenied, requireViewer } from '../authz';

/**
 * Who may turn publicsites and content groups into content pages (spec 000 point 2, 001 point 6: "Migration pages
 * need an admin feature"; issue 16): an admin (or the owner) of the organisation the viewer works in now, when that
 * organisation has the platform-admin feature. A sales user never does (their features are narrowed).
 */
export function mayMigratePages(viewer: Viewer | null): boolean {
  if (!viewer?.organization) return false;
  return hasFeature(viewer.features, 'platformAdmin') && (viewer.role === 'admin' || viewer.isOwner);
}

/** The current organisation's id for a migration; UNAUTHENTICATED or PERMISSION_DENIED otherwise. */
export function requirePageMigrator(ctx: ServiceContext): { viewer: Viewer; organizationId: string } {
  const viewer = requireViewer(ctx);
  if (!mayMigratePages(viewer) || !viewer.organization) throw permissionDenied(ctx);
  return { viewer, organizationId: viewer.organization.id };
}
