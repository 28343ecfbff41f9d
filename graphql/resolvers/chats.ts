import {
  archive,
  chatSettings,
  claim,
  conversation,
  conversations,
  createLeadFromConversation,
  handOver,
  leaveOfflineMessage,
  markRead,
  messages,
  saveChatSettings,
  sendMessage,
  setNotifications,
  setPresence,
  startConversation,
  unreadCounts,
  widgetState,
} from '~/server/services/chats/index';
import { conversationStream, messageStream } from '~/server/services/chats/subscriptions';
import type { ChatMessage } from '#db/models/index';
import type { ChatConversationRow } from '~/server/services/chats/conversations';
import type { Resolvers } from '../generated/types';
import { nullAsUnset } from '../args';
import { asQuery, payload, withOk } from '../errors';

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || null;

export const chatResolvers: Resolvers = {
  ChatConversation: {
    operatorName: (row) => fullName(row.operator_first_name, row.operator_last_name) ?? row.operator_email,
    visitorName: (row) => (row.visitor_user_id ? fullName(row.visitor_first_name, row.visitor_last_name) : row.guest_name),
    visitorEmail: (row) => (row.visitor_user_id ? row.visitor_email : row.guest_email),
    guest: (row) => !row.visitor_user_id,
    lastMessage: (row) => row.last_message_body,
    lastSeq: (row) => (row.last_seq === null || row.last_seq === undefined ? null : Number(row.last_seq)),
    created: (row) => row.created_at,
  },
  ChatMessage: {
    seq: (message) => Number(message.seq),
    created: (message) => message.created_at,
  },
  ChatOperator: {
    userId: (operator) => operator.user_id,
    openConversations: (operator) => Number(operator.open_conversations),
  },
  Query: {
    chatSettings: (_root, args, ctx) => asQuery(() => chatSettings(ctx.service, args.organizationId)),
    chatData: (_root, args, ctx) =>
      asQuery(() =>
        conversations(ctx.service, {
          organizationId: args.organizationId,
          view: args.view ?? undefined,
          search: args.search,
          after: args.after,
          first: args.first ?? undefined,
        }),
      ),
    chatConversation: (_root, args, ctx) => asQuery(() => conversation(ctx.service, args.id, { guestToken: args.guestToken })),
    chatMessages: (_root, args, ctx) =>
      asQuery(() => messages(ctx.service, { conversationId: args.conversationId, afterSeq: args.afterSeq, guestToken: args.guestToken, limit: args.limit })),
    chatWidget: (_root, args, ctx) => asQuery(() => widgetState(ctx.service, { organizationId: args.organizationId, standId: args.standId })),
    chatUnreadCounts: (_root, args, ctx) => asQuery(() => unreadCounts(ctx.service, args.organizationId)),
  },
  Mutation: {
    chatSettingsUpdate: (_root, args, ctx) =>
      payload(async () => {
        const { operators, ...rest } = args.input;
        return {
          chatSettings: await saveChatSettings(ctx.service, {
            ...nullAsUnset(rest),
            enabled: rest.enabled,
            organizationId: rest.organizationId,
            operators: operators.map((o) => ({ userId: o.userId, capacity: o.capacity ?? undefined })),
          }),
        };
      }),
    chatConversationStart: (_root, args, ctx) =>
      payload(async () => {
        const { organizationId, body, ...rest } = args.input;
        return startConversation(ctx.service, { ...nullAsUnset(rest), organizationId, body });
      }),
    chatMessageSend: (_root, args, ctx) =>
      payload(async () => ({ message: await sendMessage(ctx.service, { conversationId: args.conversationId, body: args.body, guestToken: args.guestToken }) })),
    chatConversationClaim: (_root, args, ctx) => payload(async () => ({ conversation: await claim(ctx.service, args.id) })),
    chatConversationHandOver: (_root, args, ctx) => payload(async () => ({ conversation: await handOver(ctx.service, args.id, args.userId) })),
    chatConversationArchive: (_root, args, ctx) => payload(async () => ({ conversation: await archive(ctx.service, args.id) })),
    chatPresenceSet: (_root, args, ctx) =>
      payload(async () => ({ online: (await setPresence(ctx.service, { organizationId: args.organizationId, online: args.online })).online })),
    chatNotificationsSet: (_root, args, ctx) =>
      payload(async () => {
        const operator = await setNotifications(ctx.service, { organizationId: args.organizationId, sound: args.sound, browser: args.browser });
        return { notifySound: operator.notify_sound, notifyBrowser: operator.notify_browser };
      }),
    chatMarkRead: (_root, args, ctx) =>
      payload(async () => ({ lastReadSeq: (await markRead(ctx.service, args.conversationId, args.seq)).lastReadSeq })).then(withOk),
    chatOfflineMessageLeave: (_root, args, ctx) =>
      payload(async () => {
        const { organizationId, name, email, body, ...rest } = args.input;
        await leaveOfflineMessage(ctx.service, { ...nullAsUnset(rest), organizationId, name, email, body });
        return {};
      }).then(withOk),
    chatConversationCreateLead: (_root, args, ctx) => payload(async () => ({ lead: await createLeadFromConversation(ctx.service, args.id) })),
  },
  Subscription: {
    chatMessages: {
      subscribe: (_root, args, ctx) =>
        asQuery(() => messageStream(ctx.service, { conversationId: args.conversationId, afterSeq: args.afterSeq, guestToken: args.guestToken })),
      // the stream yields the field's value itself, typed as the schema's mapper (the model)
      resolve: (message: ChatMessage) => message,
    },
    chatConversationChanged: {
      subscribe: (_root, args, ctx) => asQuery(() => conversationStream(ctx.service, args.organizationId)),
      resolve: (row: ChatConversationRow) => row,
    },
  },
};
