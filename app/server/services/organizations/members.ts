import DataLoader from 'dataloader';
import { OrganizationMember, User } from '#db/models/index';
import type { MemberRole } from '~/lib/schemas/organization';
import { defineLoader, inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { requireMember } from '../access/membership';
import { DomainError } from '../errors';
import { mayReadMembers, requireUserManagement } from './policy';

/** A membership with the member's e-mail and names: a row of the members list, the API's Member. */
export type MemberRow = OrganizationMember & Pick<User, 'email' | 'first_name' | 'last_name'>;

/** Memberships of these organisations with their users, owner first, then by name. */
function membersQuery(ctx: ServiceContext, organizationIds: string[]) {
  return OrganizationMember.query(ctx.db)
    .joinRelated('user')
    .whereIn('organization_members.organization_id', organizationIds)
    .orderBy([{ column: 'organization_members.is_owner', order: 'desc' }, 'user.last_name', 'user.first_name', 'user.email'])
    .select('organization_members.*', 'user.email', 'user.first_name', 'user.last_name')
    .castTo<MemberRow[]>();
}

/** Members of many organisations in one query; private, so rows only leave through the policy below. */
const membersByOrganization = defineLoader(
  (ctx) =>
    new DataLoader<string, MemberRow[]>(async (organizationIds) => {
      const rows = await membersQuery(ctx, [...organizationIds]);
      return organizationIds.map((id) => rows.filter((r) => r.organization_id === id));
    }),
);

/** The members of the viewer's current organisation (userInOrg). */
export async function listMembers(ctx: ServiceContext): Promise<MemberRow[]> {
  const { organizationId } = requireMember(ctx);
  return membersByOrganization(ctx).load(organizationId);
}

/** The members of an organisation as far as the viewer may see them: all for members and staff, else none. */
export async function membersOf(ctx: ServiceContext, organizationId: string): Promise<MemberRow[]> {
  if (!mayReadMembers(ctx.viewer, organizationId)) return [];
  return membersByOrganization(ctx).load(organizationId);
}

/** How many members an organisation has, for those who may see its members (else 0). */
export async function memberCount(ctx: ServiceContext, organizationId: string): Promise<number> {
  return (await membersOf(ctx, organizationId)).length;
}

async function membershipOf(ctx: ServiceContext, organizationId: string, userId: string): Promise<OrganizationMember> {
  assertId(ctx, userId, 'userId');
  const membership = await OrganizationMember.query(ctx.db).findOne({ organization_id: organizationId, user_id: userId });
  if (!membership) throw new DomainError('NOT_FOUND', ctx.t('org:errors.notMember'), 'userId');
  return membership;
}

/**
 * Removes a member (removeUser); admins with user management only; the owner stays. Their default
 * organisation moves to another membership.
 */
export async function removeMember(ctx: ServiceContext, userId: string): Promise<void> {
  const { organizationId } = requireUserManagement(ctx);
  const membership = await membershipOf(ctx, organizationId, userId);
  if (membership.is_owner) throw new DomainError('PERMISSION_DENIED', ctx.t('org:errors.ownerCannotBeRemoved'), 'userId');
  await inTransaction(ctx, async (tx) => {
    await OrganizationMember.query(tx.db).deleteById(membership.id);
    const next = await OrganizationMember.query(tx.db).where({ user_id: userId }).orderBy('created_at').first();
    await User.query(tx.db)
      .where({ id: userId, default_organization_id: organizationId })
      .patch({ default_organization_id: next?.organization_id ?? null });
    // their sessions keep working, but the next request loads the viewer without this organisation
  });
}

/**
 * Sets a member as sales user or admin user (spec 001 point 6); admins with user management only. A sales user
 * sees only the sales-rep group and gets only lead capture and the sales suite. The owner always stays admin.
 */
export async function setMemberRole(ctx: ServiceContext, userId: string, role: MemberRole): Promise<MemberRow> {
  const { organizationId } = requireUserManagement(ctx);
  const membership = await membershipOf(ctx, organizationId, userId);
  if (membership.is_owner && role !== 'admin') {
    throw new DomainError('PERMISSION_DENIED', ctx.t('org:errors.ownerRoleFixed'), 'userId');
  }
  await OrganizationMember.query(ctx.db).findById(membership.id).patch({ role, sales: role === 'sales' });
  const [member] = await membersQuery(ctx, [organizationId]).where('organization_members.id', membership.id);
  return member;
}

/** salesUserUpdate(userId, sales): the spec's name for switching a member between sales and admin. */
export function salesUserUpdate(ctx: ServiceContext, userId: string, sales: boolean): Promise<MemberRow> {
  return setMemberRole(ctx, userId, sales ? 'sales' : 'admin');
}
