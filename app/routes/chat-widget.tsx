import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { defineGuards } from '~/lib/guards';
import { runGuards } from '~/server/guards.server';
import { chatWidgetAction, chatWidgetData } from '~/server/pages/chats.server';

/**
 * The chat widget's own resource route (issue 28): GET says what the widget shows on a visitor page (`?path=`), POST
 * starts a conversation, sends a message or leaves one. The viewer's own data, so never on a shared visitor path
 * (decision 020); page posts' origin check applies to the POST like to every page action.
 */
/** Open to everybody: guests may chat where the organisation allows them (the service decides). */
export const guards = defineGuards({ public: true });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return chatWidgetData(context, request);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  return chatWidgetAction(context, request);
}
