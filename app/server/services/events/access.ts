import type { ServiceContext } from '../../context.server';
import { permissionDenied } from '../authz';
import { accessState, isDenied, isMember, type AccessState } from '../access/index';
import { fairsOfStand } from './stand-loaders';

/**
 * A stand's own access rules, which hold wherever the stand is shown (a hall of any organisation, its preview): the
 * stand of in-house fairs is readable by whoever may enter one of those fairs (members of the stand's organisation
 * always); a stand of no in-house fair has no rules of its own ('open'). The rule itself is the access module's.
 */
export async function standAccess(ctx: ServiceContext, stand: { id: string; organization_id: string }): Promise<AccessState> {
  if (isMember(ctx.viewer, stand.organization_id)) return 'member';
  const fairs = await fairsOfStand(ctx).load(stand.id);
  if (!fairs.length) return 'open';
  const states = await Promise.all(fairs.map((fair) => accessState(ctx, 'exhibition', fair)));
  return states.find((state) => !isDenied(state)) ?? states[0];
}

/** PERMISSION_DENIED (login or key flow) when the stand's own access rules refuse the viewer. */
export async function assertStandAccess(ctx: ServiceContext, stand: { id: string; organization_id: string }): Promise<void> {
  if (isDenied(await standAccess(ctx, stand))) throw permissionDenied(ctx);
}
