import { BaseStand, ChatOperator, ChatSettings, Organization, OrganizationMember } from '#db/models/index';
import { hasFeature } from '~/lib/features';
import { ChatSettingsInput } from '~/lib/schemas/chats';
import { inTransaction, type ServiceContext } from '../../context.server';
import { assertId } from '../authz';
import { DomainError } from '../errors';
import { parseInput } from '../validation';
import { assignQueued } from './assignment';
import { requireChatAdmin, requireChatMember } from './policy';

/**
 * An organisation's chat settings (issue 28: "chat enable and operators", the spec's ChatSettings): chat on or off,
 * guests allowed, the requeue time, the offline message, the external address (`supportUrl`) and the operators with
 * their capacities. Members with the chat feature read them; admins change them.
 */

export interface ChatOperatorRow {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  capacity: number;
  online: boolean;
  last_seen_at: Date | null;
  notify_sound: boolean;
  notify_browser: boolean;
  /** CLAIMED conversations the operator has now */
  open_conversations: number;
}

export interface ChatSettingsView {
  organizationId: string;
  enabled: boolean;
  allowGuests: boolean;
  requeueAfterMinutes: number;
  offlineMessageEnabled: boolean;
  supportUrl: string;
  operators: ChatOperatorRow[];
}

export const DEFAULT_CHAT_SETTINGS = { allow_guests: false, requeue_after_minutes: 5, offline_message_enabled: true } as const;

/** The settings row, or the defaults when the organisation never saved any. */
export async function settingsOf(ctx: ServiceContext, organizationId: string): Promise<Pick<ChatSettings, keyof typeof DEFAULT_CHAT_SETTINGS>> {
  return (await ChatSettings.query(ctx.db).findOne({ organization_id: organizationId })) ?? DEFAULT_CHAT_SETTINGS;
}

/** The operators of an organisation who are (still) its members, with their open conversations; one query. */
export async function operatorsOf(ctx: ServiceContext, organizationId: string): Promise<ChatOperatorRow[]> {
  return (await ChatOperator.query(ctx.db)
    .join('organization_members as m', (j) => j.on('m.organization_id', 'chat_operators.organization_id').andOn('m.user_id', 'chat_operators.user_id'))
    .join('users as u', 'u.id', 'chat_operators.user_id')
    .where('chat_operators.organization_id', organizationId)
    .select(
      'chat_operators.user_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'chat_operators.capacity',
      'chat_operators.online',
      'chat_operators.last_seen_at',
      'chat_operators.notify_sound',
      'chat_operators.notify_browser',
      ctx.db.raw(
        "(select count(*) from chat_conversations c where c.organization_id = chat_operators.organization_id and c.operator_user_id = chat_operators.user_id and c.state = 'CLAIMED')::int as open_conversations",
      ),
    )
    .orderBy(['u.last_name', 'u.first_name', 'u.email'])) as unknown as ChatOperatorRow[];
}

export async function chatSettings(ctx: ServiceContext, organizationId: string): Promise<ChatSettingsView> {
  assertId(ctx, organizationId, 'organizationId');
  requireChatMember(ctx, organizationId);
  const organization = await Organization.query(ctx.db).findById(organizationId).throwIfNotFound();
  const settings = await settingsOf(ctx, organizationId);
  return {
    organizationId,
    enabled: organization.chat_enabled,
    allowGuests: settings.allow_guests,
    requeueAfterMinutes: settings.requeue_after_minutes,
    offlineMessageEnabled: settings.offline_message_enabled,
    supportUrl: organization.support_url,
    operators: await operatorsOf(ctx, organizationId),
  };
}

/** Saves the settings and replaces the operators (presence and notification choices of those kept stay). */
export async function saveChatSettings(ctx: ServiceContext, input: ChatSettingsInput): Promise<ChatSettingsView> {
  const values = parseInput(ctx, ChatSettingsInput, input);
  requireChatAdmin(ctx, values.organizationId);
  const organizationId = values.organizationId;
  const userIds = [...new Set(values.operators.map((o) => o.userId))];
  await inTransaction(ctx, async (tx) => {
    const members = await OrganizationMember.query(tx.db).where('organization_id', organizationId).whereIn('user_id', userIds).select('user_id');
    const known = new Set(members.map((m) => m.user_id));
    const strangers = values.operators.map((o, index) => ({ o, index })).filter(({ o }) => !known.has(o.userId));
    if (strangers.length) {
      throw DomainError.fromFieldErrors(
        strangers.map(({ index }) => ({ code: 'INVALID', field: `operators.${index}.userId`, message: tx.t('chats:server.errors.operatorNotMember') })),
      );
    }
    await Organization.query(tx.db)
      .findById(organizationId)
      .patch({ chat_enabled: values.enabled, ...(values.supportUrl !== undefined ? { support_url: values.supportUrl } : {}) });
    const columns = {
      allow_guests: values.allowGuests,
      requeue_after_minutes: values.requeueAfterMinutes,
      offline_message_enabled: values.offlineMessageEnabled,
    };
    await tx.db('chat_settings')
      .insert({ organization_id: organizationId, ...columns })
      .onConflict('organization_id')
      .merge({ ...columns, updated_at: tx.db.fn.now() });
    await ChatOperator.query(tx.db).delete().where('organization_id', organizationId).whereNotIn('user_id', userIds);
    for (const operator of values.operators) {
      await tx.db('chat_operators')
        .insert({ organization_id: organizationId, user_id: operator.userId, capacity: operator.capacity })
        .onConflict(['organization_id', 'user_id'])
        .merge({ capacity: operator.capacity, updated_at: tx.db.fn.now() });
    }
    await assignQueued(tx, organizationId);
  });
  return chatSettings(ctx, organizationId);
}

export interface WidgetState {
  /** the organisation chats here (feature booked and chat on) */
  enabled: boolean;
  /** an external chat address the widget opens instead (the stand's chaturl; the supportUrl when chat is off) */
  externalUrl: string | null;
  anyOperatorOnline: boolean;
  allowGuests: boolean;
  offlineMessageEnabled: boolean;
}

/** What a visitor's widget shows for an organisation (and stand): the chat, an external link, or "leave a message". */
export async function widgetState(ctx: ServiceContext, input: { organizationId: string; standId?: string | null }): Promise<WidgetState> {
  assertId(ctx, input.organizationId, 'organizationId');
  const organization = await Organization.query(ctx.db).findById(input.organizationId);
  if (!organization || !organization.is_active) throw new DomainError('NOT_FOUND', ctx.t('errors:notFound'), 'organizationId');
  const stand = input.standId
    ? await BaseStand.query(ctx.db).findById(assertId(ctx, input.standId, 'standId')).where('organization_id', organization.id)
    : undefined;
  const enabled = organization.chat_enabled && hasFeature(organization.suites, 'chats');
  const settings = await settingsOf(ctx, organization.id);
  const online = enabled
    ? await ChatOperator.query(ctx.db)
        .join('organization_members as m', (j) => j.on('m.organization_id', 'chat_operators.organization_id').andOn('m.user_id', 'chat_operators.user_id'))
        .where({ 'chat_operators.organization_id': organization.id, 'chat_operators.online': true })
        .select('chat_operators.id')
        .first()
    : undefined;
  return {
    enabled,
    externalUrl: stand?.chat_url || (!enabled && organization.support_url) || null,
    anyOperatorOnline: Boolean(online),
    allowGuests: settings.allow_guests,
    offlineMessageEnabled: settings.offline_message_enabled,
  };
}
