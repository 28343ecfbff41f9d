import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { mayUseFeature, requireMember } from '../access/membership';

/**
 * Who may do what with the content pool (spec 001 point 6): plain answers about a viewer and an object, no
 * database access. The services load the object, ask here, and fail or filter. Who may SEE a group is the access
 * module's rule (services/access, kind 'content'; content/visit.ts).
 */

/** Editing (and listing, liking, tagging) needs the content feature of the organisation the viewer works in now. */
export function mayEditContent(viewer: Viewer | null, organizationId: string): boolean {
  return mayUseFeature(viewer, 'content', organizationId);
}

/** The current organisation's id when the viewer may edit its content pool; UNAUTHENTICATED or PERMISSION_DENIED otherwise. */
export function requireContentEditor(ctx: ServiceContext): { viewer: Viewer; organizationId: string } {
  return requireMember(ctx, { feature: 'content' });
}
