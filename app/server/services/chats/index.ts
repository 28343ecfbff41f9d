/**
 * Chats (issue 28): the service API both doors and the live connection use. Every function takes the context first
 * and throws DomainError with the catalogue's codes.
 */
export { chatSettings, saveChatSettings, widgetState, type ChatSettingsView, type ChatOperatorRow, type WidgetState } from './settings';
export {
  startConversation,
  conversations,
  conversation,
  claim,
  handOver,
  archive,
  visitorConversations,
  type ChatConversationRow,
  type VisitorConversationRow,
  type ChatConversationPage,
} from './conversations';
export { sendMessage, messages, markRead, unreadCounts, CHAT_RATE_LIMIT, type UnreadCounts } from './messages';
export { setPresence, setNotifications } from './presence';
export { leaveOfflineMessage, createLeadFromConversation } from './offline';
export { requeueOverdue, requeueAllOverdue } from './assignment';
export { chatRoleOf, mayOperateChats, type ChatRole } from './policy';
export { runChatJob, startChatJob, type ChatJob } from './job';
export { openWindow, setWindowGrace, settleWindows, sweepStaleWindows, windowInstanceId, WINDOW_STALE_SECONDS } from './windows';
