import { ChatConversation, Lead, Organization } from '#db/models/index';
import { ChatOfflineMessageInput } from '~/lib/schemas/chats';
import type { Language } from '~/lib/language';
import { inTransaction, type ServiceContext } from '../../context.server';
import { safeNext } from '../../guards.server';
import { notifyOutbox } from '../../mail/outbox.server';
import { sendOrganizationMail } from '../email/emails';
import { chatOfflineBlocks } from '../email/blocks';
import { createLead } from '../leads/leads';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { assertId } from '../authz';
import { assertChatOperator } from './policy';
import { widgetState } from './settings';

/**
 * With nobody online a visitor leaves a message, which reaches the organisation's operators (or, without operators,
 * the organisation's address) by mail through the outbox (issue 28). And a conversation becomes a lead through the
 * leads service, which applies its own rules (the lead feature).
 */

/** A visitor's message while no operator is online: one mail per operator (or to the organisation). */
export async function leaveOfflineMessage(ctx: ServiceContext, input: ChatOfflineMessageInput): Promise<{ recipients: number }> {
  const values = parseInput(ctx, ChatOfflineMessageInput, input);
  const widget = await widgetState(ctx, { organizationId: values.organizationId, standId: values.standId });
  if (!widget.enabled || !widget.offlineMessageEnabled) throw new DomainError('PERMISSION_DENIED', ctx.t('chats:server.errors.chatOff'), 'organizationId');
  const organization = (await Organization.query(ctx.db).findById(values.organizationId))!;
  const operators: { email: string; default_language: Language; name: string }[] = await ctx.db('chat_operators as o')
    .join('organization_members as m', (j) => j.on('m.organization_id', 'o.organization_id').andOn('m.user_id', 'o.user_id'))
    .join('users as u', 'u.id', 'o.user_id')
    .where('o.organization_id', organization.id)
    .where('u.is_active', true)
    .select('u.email', 'u.default_language', ctx.db.raw("trim(u.first_name || ' ' || u.last_name) as name"));
  const recipients = operators.length ? operators : organization.email ? [{ email: organization.email, default_language: ctx.language, name: '' }] : [];
  if (!recipients.length) throw new DomainError('PERMISSION_DENIED', ctx.t('chats:server.errors.chatOff'), 'organizationId');
  const source = values.sourcePath ? safeNext(values.sourcePath, '') : '';
  await inTransaction(ctx, async (tx) => {
    for (const recipient of recipients) {
      // the organisation's template (issue 29), in its delivery log; operators get no open pixel
      await sendOrganizationMail(tx, {
        organizationId: organization.id,
        template: 'chatOffline',
        language: recipient.default_language,
        to: recipient.email,
        name: recipient.name,
        values: { organisation: organization.name, visitor: values.name, email: values.email },
        blocks: chatOfflineBlocks(recipient.default_language, values.body, source),
      });
    }
  });
  notifyOutbox(ctx.app);
  return { recipients: recipients.length };
}

/**
 * A lead from a conversation (the visitor's name and e-mail), linked to it; a conversation that has one keeps it.
 * The leads service decides whether the viewer may capture leads.
 */
export async function createLeadFromConversation(ctx: ServiceContext, id: string): Promise<Lead> {
  assertId(ctx, id);
  const conversation = assertChatOperator(ctx, await ChatConversation.query(ctx.db).findById(id));
  if (conversation.lead_id) {
    const existing = await Lead.query(ctx.db).findById(conversation.lead_id).where('organization_id', conversation.organization_id);
    if (existing) return existing;
  }
  const visitor = conversation.visitor_user_id ? await ctx.db('users').where('id', conversation.visitor_user_id).first('first_name', 'last_name', 'email') : null;
  const name = visitor ? `${visitor.first_name} ${visitor.last_name}`.trim() : (conversation.guest_name ?? '');
  const email = visitor?.email ?? conversation.guest_email ?? '';
  return inTransaction(ctx, async (tx) => {
    const lead = await createLead(tx, { name, email });
    await ChatConversation.query(tx.db).findById(id).patch({ lead_id: lead.id });
    return lead;
  });
}
