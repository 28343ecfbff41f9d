import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { mayUseFeature, requireMember } from '../access/membership';

/** Managing personalizations needs the personalization feature of the organisation the viewer works in now. */
export function mayManagePersonalizations(viewer: Viewer | null, organizationId: string): boolean {
  return mayUseFeature(viewer, 'personalization', organizationId);
}

export function requirePersonalizationEditor(ctx: ServiceContext): { viewer: Viewer; organizationId: string } {
  return requireMember(ctx, { feature: 'personalization' });
}
