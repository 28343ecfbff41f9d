import type { LoaderFunctionArgs } from "@remix-run/node";
import { defineGuards } from "~/lib/guards";
import { runGuards } from "~/server/guards.server";
import { resourceJson } from "~/server/route-kit.server";
import { unreadCounts } from "~/server/services/chats";

/** GET /chats/unread: the viewer's unread chat messages, for the console sidebar's badge (issue 28). */
export const guards = defineGuards({ organization: true, feature: "chats" });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await runGuards({ request, context, params }, guards);
  const counts = await unreadCounts(
    context.service,
    context.service.viewer!.organization!.id
  );
  return resourceJson({ total: counts.total });
}
