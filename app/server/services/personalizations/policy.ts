import { hasFeature } from '~/lib/features';
import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { permissionDenied, requireViewer } from '../authz';

/** Managing personalizations needs the personalization feature of the organisation the viewer works in now. */
export function mayManagePersonalizations(viewer: Viewer | null, organizationId: string): boolean {
  return viewer?.organization?.id === organizationId && hasFeature(viewer.features, 'personalization');
}

export function requirePersonalizationEditor(ctx: ServiceContext): { viewer: Viewer; organizationId: string } {
  const viewer = requireViewer(ctx);
  const organizationId = viewer.organization?.id;
  if (!organizationId || !mayManagePersonalizations(viewer, organizationId)) throw permissionDenied(ctx);
  return { viewer, organizationId };
}
