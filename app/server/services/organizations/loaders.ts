import DataLoader from 'dataloader';
import { defineLoader } from '../../context.server';
import type { MemberRecord } from './members';

/** Members of many organisations in one query (organisation lists for staff). */
export const membersByOrganization = defineLoader(
  (ctx) =>
    new DataLoader<string, MemberRecord[]>(async (organizationIds) => {
      const rows: (MemberRecord & { organization_id: string })[] = await ctx
        .db('organization_members as m')
        .join('users as u', 'u.id', 'm.user_id')
        .whereIn('m.organization_id', organizationIds as string[])
        .orderBy([{ column: 'm.is_owner', order: 'desc' }, 'u.last_name', 'u.first_name', 'u.email'])
        .select('m.organization_id', 'm.user_id', 'u.email', 'u.first_name', 'u.last_name', 'm.role', 'm.is_owner', 'm.sales', 'm.created_at as joined_at');
      return organizationIds.map((id) => rows.filter((r) => r.organization_id === id));
    }),
);

/** Pending invites of many organisations in one query. */
export const invitesByOrganization = defineLoader(
  (ctx) =>
    new DataLoader<string, { id: string; organization_id: string; email: string; role: 'admin' | 'sales'; state: 'CREATED' | 'OPENED'; accepted_at: Date | null; expires_at: Date; created_at: Date }[]>(
      async (organizationIds) => {
        const rows = await ctx
          .db('invites')
          .whereIn('organization_id', organizationIds as string[])
          .whereNull('accepted_at')
          .orderBy('created_at', 'desc')
          .select('id', 'organization_id', 'email', 'role', 'state', 'accepted_at', 'expires_at', 'created_at');
        return organizationIds.map((id) => rows.filter((r) => r.organization_id === id));
      },
    ),
);
