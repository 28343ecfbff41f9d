import type { ChatConversation } from '#db/models/index';
import type { ServiceContext } from '../../context.server';
import type { Viewer } from '../../viewer.server';
import { mayUseFeature, requireMember } from '../access/membership';
import { DomainError } from '../errors';
import { hashToken } from '../../auth/tokens.server';

/**
 * Who may do what with chats (issue 28; spec 001 point 6): members of the organisation they work in now whose
 * suite has the chat feature (bit 128) are its operators' side (they read every conversation of the organisation,
 * claim, answer, archive); an admin names the operators and hands conversations over. A visitor reads only their own
 * conversations: a logged-in visitor those they started, a guest the one whose secret token they hold. Someone
 * else's conversation is NOT_FOUND (decision 006). Plain functions, no database access.
 */

/** How the viewer takes part in a conversation: as its visitor, as one of the organisation's operators, or not. */
export type ChatRole = 'VISITOR' | 'OPERATOR';

export function mayOperateChats(viewer: Viewer | null | undefined, organizationId: string): boolean {
  return mayUseFeature(viewer, 'chats', organizationId);
}

/** A member of `organizationId` (when given) working with chats; UNAUTHENTICATED or PERMISSION_DENIED otherwise. */
export function requireChatMember(ctx: ServiceContext, organizationId?: string) {
  return requireMember(ctx, { organizationId, feature: 'chats' });
}

/** An admin of the organisation with the chat feature (settings, operators, hand over). */
export function requireChatAdmin(ctx: ServiceContext, organizationId?: string) {
  return requireMember(ctx, { organizationId, role: 'admin', feature: 'chats' });
}

/** Whether the guest token is the conversation's secret. */
export function guestTokenMatches(conversation: Pick<ChatConversation, 'guest_token_hash'>, guestToken: string | null | undefined): boolean {
  return Boolean(guestToken && conversation.guest_token_hash && hashToken(guestToken) === conversation.guest_token_hash);
}

/** The viewer's (or the guest's) part in the conversation; null when they may not read it. The visitor's part wins. */
export function chatRoleOf(
  viewer: Viewer | null | undefined,
  conversation: Pick<ChatConversation, 'organization_id' | 'visitor_user_id' | 'guest_token_hash'>,
  guestToken?: string | null,
): ChatRole | null {
  if (viewer && conversation.visitor_user_id === viewer.userId) return 'VISITOR';
  if (guestTokenMatches(conversation, guestToken)) return 'VISITOR';
  if (mayOperateChats(viewer, conversation.organization_id)) return 'OPERATOR';
  return null;
}

export const chatNotFound = (ctx: ServiceContext, field = 'id') => new DomainError('NOT_FOUND', ctx.t('errors:notFound'), field);

/** The conversation when the viewer may read it, else NOT_FOUND (whether it exists does not leak). */
export function assertChatReader<C extends Pick<ChatConversation, 'organization_id' | 'visitor_user_id' | 'guest_token_hash'>>(
  ctx: ServiceContext,
  conversation: C | null | undefined,
  guestToken?: string | null,
  field = 'id',
): { conversation: C; role: ChatRole } {
  const role = conversation ? chatRoleOf(ctx.viewer, conversation, guestToken) : null;
  if (!conversation || !role) throw chatNotFound(ctx, field);
  return { conversation, role };
}

/** As assertChatReader, for what only the organisation's side does (claim, archive, lead). */
export function assertChatOperator<C extends Pick<ChatConversation, 'organization_id' | 'visitor_user_id' | 'guest_token_hash'>>(
  ctx: ServiceContext,
  conversation: C | null | undefined,
  field = 'id',
): C {
  if (!conversation || !mayOperateChats(ctx.viewer, conversation.organization_id)) {
    // a member of the organisation without the feature (or a sales user) is told so; anyone else sees nothing
    if (conversation && ctx.viewer?.organization?.id === conversation.organization_id) requireChatMember(ctx, conversation.organization_id);
    throw chatNotFound(ctx, field);
  }
  return conversation;
}
