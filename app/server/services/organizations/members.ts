import type { MemberRole } from '~/lib/schemas/organization';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId, requireOrgAdmin, requireOrganization } from '../authz';
import { DomainError } from '../errors';

export interface MemberRecord {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: MemberRole;
  is_owner: boolean;
  sales: boolean;
  joined_at: Date;
}

/** The members of the viewer's current organisation (userInOrg), owner first, then by name. */
export async function listMembers(ctx: ServiceContext): Promise<MemberRecord[]> {
  const { organizationId } = requireOrganization(ctx);
  return ctx
    .db('organization_members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.organization_id', organizationId)
    .orderBy([{ column: 'm.is_owner', order: 'desc' }, 'u.last_name', 'u.first_name', 'u.email'])
    .select(
      'm.user_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'm.role',
      'm.is_owner',
      'm.sales',
      'm.created_at as joined_at',
    );
}

async function membershipOf(ctx: ServiceContext, organizationId: string, userId: string) {
  assertId(ctx, userId, 'userId');
  const row = await ctx
    .db('organization_members')
    .where({ organization_id: organizationId, user_id: userId })
    .first('id', 'role', 'is_owner');
  if (!row) throw new DomainError('NOT_FOUND', ctx.t('org:errors.notMember'), 'userId');
  return row as { id: string; role: MemberRole; is_owner: boolean };
}

/** Removes a member; admins only; the owner stays. Their default organisation moves to another membership. */
export async function removeMember(ctx: ServiceContext, userId: string): Promise<void> {
  const { organizationId } = requireOrgAdmin(ctx);
  const membership = await membershipOf(ctx, organizationId, userId);
  if (membership.is_owner) throw new DomainError('PERMISSION_DENIED', ctx.t('org:errors.ownerCannotBeRemoved'), 'userId');
  await inTransaction(ctx, async (tx) => {
    await tx.db('organization_members').where({ id: membership.id }).delete();
    const next = await tx.db('organization_members').where({ user_id: userId }).orderBy('created_at').first('organization_id');
    await tx
      .db('users')
      .where({ id: userId, default_organization_id: organizationId })
      .update({ default_organization_id: next?.organization_id ?? null });
    // their sessions keep working, but the next request loads the viewer without this organisation
  });
}

/**
 * Sets a member as sales user or admin user (spec 001 point 6). A sales user sees only the sales-rep group and
 * gets only lead capture and the sales suite. The owner always stays admin.
 */
export async function setMemberRole(ctx: ServiceContext, userId: string, role: MemberRole): Promise<MemberRecord> {
  const { organizationId } = requireOrgAdmin(ctx);
  const membership = await membershipOf(ctx, organizationId, userId);
  if (membership.is_owner && role !== 'admin') {
    throw new DomainError('PERMISSION_DENIED', ctx.t('org:errors.ownerRoleFixed'), 'userId');
  }
  await ctx
    .db('organization_members')
    .where({ id: membership.id })
    .update({ role, sales: role === 'sales', updated_at: ctx.db.fn.now() });
  const members = await listMembers(ctx);
  return members.find((m) => m.user_id === userId)!;
}

/** salesUserUpdate(userId, sales): the spec's name for switching a member between sales and admin. */
export function salesUserUpdate(ctx: ServiceContext, userId: string, sales: boolean): Promise<MemberRecord> {
  return setMemberRole(ctx, userId, sales ? 'sales' : 'admin');
}
