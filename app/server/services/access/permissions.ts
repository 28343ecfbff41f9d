import { ObjectPermission, type User } from '#db/models/index';
import { PermissionEmailSchema } from '~/lib/schemas/access';
import type { ServiceContext } from '../../context.server';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { ownedAccessObject, ownedAccessRow } from './manage';
import { KINDS } from './registry';
import { forgetPermissions } from './rule';

/**
 * Object permissions, the organiser's side: who may enter a protected object (joined with a key or added by the
 * organiser), suspended or not. Every keyed kind has the same calls and the same console section.
 */

/** A row of the organiser's list: the permission with the person and the key it was granted with. */
export type ObjectPermissionRow = Pick<ObjectPermission, 'id' | 'suspended' | 'created_at' | 'user_id'> &
  Pick<User, 'email' | 'first_name' | 'last_name'> & { token: string | null };

/** The person behind an object permission, as the organiser's list shows them. */
export type ObjectPermissionUser = Pick<User, 'id' | 'email' | 'first_name' | 'last_name'>;

/** The person of a row of the organiser's list. */
export function permissionHolder(row: ObjectPermissionRow): ObjectPermissionUser {
  return { id: row.user_id, email: row.email, first_name: row.first_name, last_name: row.last_name };
}

function permissionEntries(ctx: ServiceContext) {
  return ctx
    .db('object_permissions as p')
    .join('users as u', 'u.id', 'p.user_id')
    .leftJoin('object_tokens as t', 't.id', 'p.token_id')
    .select('p.id', 'p.suspended', 'p.created_at', 'p.user_id', 'u.email', 'u.first_name', 'u.last_name', 't.token');
}

async function permissionEntry(ctx: ServiceContext, id: string): Promise<ObjectPermissionRow> {
  return permissionEntries(ctx).where('p.id', id).first();
}

/** objectPermissions(objectId): who holds a permission on the object, in the order they got it. */
export async function listObjectPermissions(ctx: ServiceContext, objectId: string): Promise<ObjectPermissionRow[]> {
  const object = await ownedAccessObject(ctx, objectId);
  return permissionEntries(ctx)
    .where(`p.${KINDS[object.kind].permissionColumn}`, object.id)
    .orderBy([{ column: 'p.created_at' }, { column: 'p.id' }]);
}

/** objectPermissionAddUser(objectId, email): lets a registered user in without a key. */
export async function addObjectPermission(ctx: ServiceContext, objectId: string, rawEmail: string): Promise<ObjectPermissionRow> {
  const object = await ownedAccessObject(ctx, objectId);
  const { email } = parseInput(ctx, PermissionEmailSchema, { email: rawEmail });
  const user = await ctx.db('users').whereRaw('lower(email) = ?', [email.toLowerCase()]).first('id');
  if (!user) throw new DomainError('NOT_FOUND', ctx.t('access:errors.userNotFound'), 'email');
  const column = KINDS[object.kind].permissionColumn;
  const [row] = await ctx
    .db('object_permissions')
    .insert({ user_id: user.id, [column]: object.id, organization_id: object.organization_id })
    .onConflict(['user_id', column])
    .ignore()
    .returning('id');
  if (!row) throw new DomainError('UNIQUE', ctx.t('access:errors.alreadyListed'), 'email');
  forgetPermissions(ctx, user.id);
  return permissionEntry(ctx, row.id);
}

/** A permission on one of the organisation's objects, to a member with the feature that object needs. */
function ownedPermission(ctx: ServiceContext, id: string): Promise<ObjectPermission> {
  return ownedAccessRow(ctx, id, (organizationId) => ObjectPermission.query(ctx.db).findOne({ id, organization_id: organizationId }));
}

/** objectPermissionSuspend(id, suspended): shuts the person out of the object (or lets them back in). */
export async function suspendObjectPermission(ctx: ServiceContext, id: string, suspended = true): Promise<ObjectPermissionRow> {
  const permission = await ownedPermission(ctx, id);
  await ctx.db('object_permissions').where({ id: permission.id }).update({ suspended, updated_at: ctx.db.fn.now() });
  forgetPermissions(ctx, permission.user_id);
  return permissionEntry(ctx, permission.id);
}

/** objectPermissionRemoveUser(id): removes the permission; the person may redeem a key again. */
export async function removeObjectPermission(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  const permission = await ownedPermission(ctx, id);
  await ctx.db('object_permissions').where({ id: permission.id }).delete();
  forgetPermissions(ctx, permission.user_id);
  return { id: permission.id };
}
