import type { RelationMappingsThunk } from 'objection';
import { User } from './accounts';
import { BaseModel } from './base';
import { Organization } from './organizations';
import { belongsTo, hasMany } from './relations';

export type ChatState = 'UNCLAIMED' | 'CLAIMED' | 'ARCHIVED';
export type ChatSender = 'VISITOR' | 'OPERATOR' | 'SYSTEM';

/** An organisation's chat settings (issue 28): guests allowed, the requeue time, the offline message. */
export class ChatSettings extends BaseModel {
  static override tableName = 'chat_settings';

  declare organization_id: string;
  declare allow_guests: boolean;
  declare requeue_after_minutes: number;
  declare offline_message_enabled: boolean;
}

/** An app instance's open live windows of an operator (presence across instances; migration 0039). */
export class ChatOperatorWindow extends BaseModel {
  static override tableName = 'chat_operator_windows';

  declare instance_id: string;
  declare organization_id: string;
  declare user_id: string;
  declare seen_at: Date;
}

/** A member named as chat operator: capacity (open conversations at once), presence, notification choices. */
export class ChatOperator extends BaseModel {
  static override tableName = 'chat_operators';

  declare organization_id: string;
  declare user_id: string;
  declare capacity: number;
  declare online: boolean;
  declare last_seen_at: Date | null;
  declare notify_sound: boolean;
  declare notify_browser: boolean;

  declare user?: User;

  static override relationMappings: RelationMappingsThunk = () => ({
    user: belongsTo(User, 'chat_operators.user_id', 'users.id'),
  });
}

/**
 * A conversation between a visitor (logged in, or a guest with a secret token) and an organisation's operators:
 * UNCLAIMED in the queue, CLAIMED by one operator, ARCHIVED read-only until the visitor writes again.
 */
export class ChatConversation extends BaseModel {
  static override tableName = 'chat_conversations';

  declare organization_id: string;
  declare state: ChatState;
  declare operator_user_id: string | null;
  declare visitor_user_id: string | null;
  declare guest_name: string | null;
  declare guest_email: string | null;
  declare guest_token_hash: string | null;
  declare convention_id: string | null;
  declare stand_id: string | null;
  declare source_path: string;
  declare lead_id: string | null;
  declare last_message_at: Date;
  declare awaiting_reply_since: Date | null;
  declare claimed_at: Date | null;
  declare archived_at: Date | null;

  declare organization?: Organization;
  declare messages?: ChatMessage[];

  static override relationMappings: RelationMappingsThunk = () => ({
    organization: belongsTo(Organization, 'chat_conversations.organization_id'),
    messages: hasMany(ChatMessage, 'chat_conversations.id', 'chat_messages.conversation_id'),
  });
}

/** One message; `seq` (bigint, read as a number) is the cursor clients resume from. Plain text, at most 4,000 characters. */
export class ChatMessage extends BaseModel {
  static override tableName = 'chat_messages';

  declare conversation_id: string;
  declare seq: number;
  declare sender: ChatSender;
  declare sender_user_id: string | null;
  declare body: string;
}

/** How far a member has read a conversation (unread counts). */
export class ChatRead extends BaseModel {
  static override tableName = 'chat_reads';

  declare conversation_id: string;
  declare user_id: string;
  declare last_read_seq: number;
}
