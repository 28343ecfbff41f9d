import { ChatConversation } from '#db/models/index';
import { inTransaction, type ServiceContext } from '../../context.server';
import { notifyChat } from './fanout';

/**
 * The queue (issue 28): a conversation waits UNCLAIMED until an operator claims it or it is assigned to the online
 * operator with the fewest open conversations below their capacity (ties: the one who got one longest ago). An
 * unanswered conversation goes back to the queue after the organisation's requeue time, evaluated whenever the
 * organisation's conversations are read (conversations.ts) and by the periodic sweep (`requeueAllOverdue`).
 * Assignments of one organisation take a transaction-scoped advisory lock, so two at once never overfill an operator.
 */

const lockOrganization = (ctx: ServiceContext, organizationId: string) =>
  ctx.db.raw("select pg_advisory_xact_lock(hashtextextended('chat:' || ?, 0))", [organizationId]);

/** The online operator who should get the next conversation, or null when everybody is full or offline. */
async function nextOperator(ctx: ServiceContext, organizationId: string, exclude: string[]): Promise<string | null> {
  const { rows } = await ctx.db.raw(
    `select o.user_id
       from chat_operators o
       join organization_members m on m.organization_id = o.organization_id and m.user_id = o.user_id
       left join chat_conversations c on c.organization_id = o.organization_id and c.operator_user_id = o.user_id and c.state = 'CLAIMED'
      where o.organization_id = ? and o.online and not (o.user_id = any(?::uuid[]))
      group by o.user_id, o.capacity
     having count(c.id) < o.capacity
      order by count(c.id), max(c.claimed_at) nulls first, o.user_id
      limit 1`,
    [organizationId, exclude],
  );
  return rows[0]?.user_id ?? null;
}

/**
 * Assigns the organisation's queued conversations, oldest first, while an online operator has room. `exclude`
 * names operators who must not get them now (the one whose conversation just went back to the queue).
 */
export async function assignQueued(ctx: ServiceContext, organizationId: string, options: { exclude?: string[] } = {}): Promise<ChatConversation[]> {
  return inTransaction(ctx, async (tx) => {
    await lockOrganization(tx, organizationId);
    const queued = await ChatConversation.query(tx.db)
      .where({ organization_id: organizationId, state: 'UNCLAIMED' })
      .orderBy('created_at')
      .orderBy('id')
      .limit(50)
      .select('id');
    const assigned: ChatConversation[] = [];
    for (const { id } of queued) {
      const operator = await nextOperator(tx, organizationId, options.exclude ?? []);
      if (!operator) break;
      const [row] = await ChatConversation.query(tx.db)
        .where({ id, state: 'UNCLAIMED' })
        .patch({ state: 'CLAIMED', operator_user_id: operator, claimed_at: new Date() })
        .returning('*');
      if (!row) continue;
      await notifyChat(tx.db, { kind: 'conversation', organizationId, conversationId: id });
      assigned.push(row as unknown as ChatConversation);
    }
    return assigned;
  });
}

/**
 * Puts the organisation's claimed conversations whose visitor has waited longer than the requeue time for an
 * answer back into the queue, then assigns them to other operators where one has room. Returns how many went back.
 */
export async function requeueOverdue(ctx: ServiceContext, organizationId: string): Promise<number> {
  return inTransaction(ctx, async (tx) => {
    const { rows } = await tx.db.raw(
      `update chat_conversations c
          set state = 'UNCLAIMED', operator_user_id = null, claimed_at = null, updated_at = now()
         from (select c2.id, c2.operator_user_id
                 from chat_conversations c2
                 left join chat_settings s on s.organization_id = c2.organization_id
                where c2.organization_id = ? and c2.state = 'CLAIMED' and c2.awaiting_reply_since is not null
                  and greatest(c2.awaiting_reply_since, c2.claimed_at) < now() - make_interval(mins => coalesce(s.requeue_after_minutes, 5))
                for update of c2 skip locked) overdue
        where c.id = overdue.id
        returning c.id, overdue.operator_user_id as previous_operator`,
      [organizationId],
    );
    if (!rows.length) return 0;
    for (const row of rows as { id: string }[]) {
      await notifyChat(tx.db, { kind: 'conversation', organizationId, conversationId: row.id });
    }
    const previous = [...new Set((rows as { previous_operator: string | null }[]).map((r) => r.previous_operator).filter((v): v is string => Boolean(v)))];
    await assignQueued(tx, organizationId, { exclude: previous });
    return rows.length;
  });
}

/** The periodic sweep: requeues overdue conversations of every organisation that has some. */
export async function requeueAllOverdue(ctx: ServiceContext): Promise<number> {
  const organizations = await ChatConversation.query(ctx.db)
    .where('state', 'CLAIMED')
    .whereNotNull('awaiting_reply_since')
    .whereRaw("awaiting_reply_since < now() - interval '1 minute'")
    .distinct('organization_id');
  let count = 0;
  for (const { organization_id } of organizations) count += await requeueOverdue(ctx, organization_id);
  return count;
}
