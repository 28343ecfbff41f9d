import { hasFeature } from '~/lib/features';
import type { ContentGroup } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { permissionDenied, requireViewer } from '../authz';

/**
 * Who may do what with the content pool (spec 001 point 6): plain answers about a viewer and an object, no
 * database access. The services load the object, ask here, and fail or filter.
 */

/** Editing (and listing, liking, tagging) needs the content feature of the organisation the viewer works in now. */
export function mayEditContent(viewer: Viewer | null, organizationId: string): boolean {
  return viewer?.organization?.id === organizationId && hasFeature(viewer.features, 'content');
}

/**
 * A group rendered for visitors: its organisation's members always; otherwise by its access type. PUBLIC is
 * anyone, LOGGED_IN any logged-in user; TOKEN here only the members (visit.ts adds the holders of an access permission).
 */
export function mayViewGroup(viewer: Viewer | null, group: Pick<ContentGroup, 'organization_id' | 'permission_type'>): boolean {
  if (viewer?.organizations.some((o) => o.id === group.organization_id)) return true;
  if (group.permission_type === 'PUBLIC') return true;
  if (group.permission_type === 'LOGGED_IN') return Boolean(viewer);
  return false;
}

/** The current organisation's id when the viewer may edit its content pool; UNAUTHENTICATED or PERMISSION_DENIED otherwise. */
export function requireContentEditor(ctx: ServiceContext): { viewer: Viewer; organizationId: string } {
  const viewer = requireViewer(ctx);
  const organizationId = viewer.organization?.id;
  if (!organizationId || !mayEditContent(viewer, organizationId)) throw permissionDenied(ctx);
  return { viewer, organizationId };
}
