import DataLoader from 'dataloader';
import type { Knex } from 'knex';
import type { Db } from '#db/connection';
import type { ObjectPermission } from '#db/models/index';
import { defineLoader, type ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { permissionDenied } from '../authz';
import { isMember } from './membership';
import { KEYED_KINDS, KINDS, objectOfRow } from './registry';
import type { AccessObject, KeyedKind } from './types';

/**
 * The rule (spec 001 point 6), once for every keyed kind:
 * - members of the object's organisation always get in ('member');
 * - a SUSPENDED permission shuts its holder out of that one object, whatever its access type (PUBLIC included), until
 *   the organiser reactivates or removes it ('suspended'). It concerns that object only: keys or permissions of other
 *   objects of the organisation neither reopen it nor are closed by it, and the holder cannot redeem a key of it;
 * - PUBLIC: anyone ('open'); LOGGED_IN: any logged-in user ('open'), else 'login';
 * - TOKEN: a logged-in user holding an unsuspended permission of this very object ('granted'; from one of its keys
 *   or added by the organiser), else 'login' (no session) or 'key'.
 * 'suspended', 'login' and 'key' are PERMISSION_DENIED: the route guard sends a logged-out visitor to /login?next=
 * and a logged-in one to /token?next= (guard.ts); anything that does not exist is NOT_FOUND (a 404).
 */
export type AccessState = 'member' | 'open' | 'granted' | 'suspended' | 'login' | 'key';

const DENIED: ReadonlySet<AccessState> = new Set(['suspended', 'login', 'key']);
export const isDenied = (state: AccessState): boolean => DENIED.has(state);

/** The rule as a pure function of the viewer, the object and the viewer's permission of that object (if any). */
export function decideAccess(viewer: Viewer | null, object: AccessObject, permission: { suspended: boolean } | null | undefined): AccessState {
  if (isMember(viewer, object.organization_id)) return 'member';
  if (permission?.suspended) return 'suspended';
  if (object.permission_type === 'PUBLIC') return 'open';
  if (!viewer) return 'login';
  if (object.permission_type === 'LOGGED_IN') return 'open';
  return permission ? 'granted' : 'key';
}

const keyOf = (kind: KeyedKind, id: string) => `${kind}:${id}`;

/**
 * The object permissions of a user by "kind:id". The viewer's are read once per request, so a page that checks a
 * convention, its hall and a linked content group costs one statement for all of them.
 */
const permissionsOfUser = defineLoader(
  (ctx) =>
    new DataLoader<string, Map<string, ObjectPermission>>(async (userIds) => {
      const rows: ObjectPermission[] = await ctx.db('object_permissions').whereIn('user_id', userIds as string[]).select('*');
      return userIds.map(
        (userId) =>
          new Map(
            rows
              .filter((r) => r.user_id === userId)
              .map((r) => {
                const { kind, id } = objectOfRow(r);
                return [keyOf(kind, id), r];
              }),
          ),
      );
    }),
);

/** Forgets the user's permissions read in this request (after a key was redeemed or a permission changed). */
export function forgetPermissions(ctx: ServiceContext, userId: string): void {
  permissionsOfUser(ctx).clear(userId);
}

/** The viewer's permission of one object, if any. */
export async function permissionOf(ctx: ServiceContext, kind: KeyedKind, objectId: string): Promise<ObjectPermission | undefined> {
  if (!ctx.viewer) return undefined;
  return (await permissionsOfUser(ctx).load(ctx.viewer.userId)).get(keyOf(kind, objectId));
}

/** How the viewer stands towards an object of the kind. */
export async function accessState(ctx: ServiceContext, kind: KeyedKind, object: AccessObject): Promise<AccessState> {
  if (isMember(ctx.viewer, object.organization_id)) return 'member';
  return decideAccess(ctx.viewer, object, await permissionOf(ctx, kind, object.id));
}

/** PERMISSION_DENIED (the login or key flow) when the rule refuses the viewer. */
export async function assertAccess(ctx: ServiceContext, kind: KeyedKind, object: AccessObject): Promise<void> {
  if (isDenied(await accessState(ctx, kind, object))) throw permissionDenied(ctx);
}

/** The objects of a list the viewer may see, in order (one statement for the viewer's permissions at most). */
export async function visibleOnly<T extends AccessObject>(ctx: ServiceContext, kind: KeyedKind, objects: T[]): Promise<T[]> {
  const states = await Promise.all(objects.map((o) => accessState(ctx, kind, o)));
  return objects.filter((_, i) => !isDenied(states[i]));
}

/** An object row of the kind as the rule reads it (its access column under the common name). */
export function asAccessObject(kind: KeyedKind, row: { id: string; organization_id: string } & Record<string, unknown>): AccessObject {
  return { id: row.id, organization_id: row.organization_id, permission_type: row[KINDS[kind].accessColumn] as AccessObject['permission_type'] };
}

/**
 * The user's object permissions as one value (sorted "object:suspended" entries, '' for none), as a query of one value
 * for a statement that reads more (pages/audience.server.ts): with the viewer's memberships it is all the rule reads of
 * a viewer, so two viewers with the same signature get the same answers (issue 26).
 */
export function permissionSignatureQuery(db: Db, userId: string): Knex.QueryBuilder {
  const entry = `concat(${KEYED_KINDS.map((kind) => KINDS[kind].permissionColumn).join(", '/', ")}, ':', case when suspended then 1 else 0 end)`;
  return db('object_permissions')
    .where({ user_id: userId })
    .select(db.raw(`coalesce(string_agg(${entry}, ',' order by ${entry}), '')`));
}
