import { ChatOperator } from '#db/models/index';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId, permissionDenied } from '../authz';
import { assignQueued } from './assignment';
import { requireChatMember } from './policy';

/**
 * Operators' presence (spec 000 point 4: online or offline) and notification choices (issue 28): set by hand, and
 * offline when their last window closes (windows.ts, across app instances). Going online takes
 * conversations waiting in the queue.
 */

async function ownOperatorRow(ctx: ServiceContext, organizationId: string): Promise<ChatOperator> {
  assertId(ctx, organizationId, 'organizationId');
  const { viewer } = requireChatMember(ctx, organizationId);
  const row = await ChatOperator.query(ctx.db).findOne({ organization_id: organizationId, user_id: viewer.userId });
  if (!row) throw permissionDenied(ctx);
  return row;
}

/** The viewer (an operator of the organisation) goes online or offline. */
export async function setPresence(ctx: ServiceContext, input: { organizationId: string; online: boolean }): Promise<ChatOperator> {
  const row = await ownOperatorRow(ctx, input.organizationId);
  return inTransaction(ctx, async (tx) => {
    const [updated] = await ChatOperator.query(tx.db).where('id', row.id).patch({ online: input.online, last_seen_at: new Date() }).returning('*');
    if (input.online) await assignQueued(tx, input.organizationId);
    return updated as unknown as ChatOperator;
  });
}

/** The viewer's sound and browser notification choices (the console asks the browser's permission itself). */
export async function setNotifications(
  ctx: ServiceContext,
  input: { organizationId: string; sound?: boolean | null; browser?: boolean | null },
): Promise<ChatOperator> {
  const row = await ownOperatorRow(ctx, input.organizationId);
  const [updated] = await ChatOperator.query(ctx.db)
    .where('id', row.id)
    .patch({ ...(input.sound != null ? { notify_sound: input.sound } : {}), ...(input.browser != null ? { notify_browser: input.browser } : {}) })
    .returning('*');
  return updated as unknown as ChatOperator;
}
