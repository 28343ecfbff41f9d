import { useLocation } from "@remix-run/react";
import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";

/**
 * The unread chat messages on the console sidebar's chats item (issue 28): fetched after hydration from
 * /chats/unread on every console page change, and set by the /chats page itself whenever its data changes.
 */
let total = 0;
const listeners = new Set<() => void>();

export function publishChatUnread(value: number) {
  if (value === total) return;
  total = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function ChatUnreadBadge({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation("common");
  const value = useSyncExternalStore(
    subscribe,
    () => total,
    () => 0
  );
  const { pathname } = useLocation();
  useEffect(() => {
    let current = true;
    void fetch("/chats/unread", {
      headers: { accept: "application/json" },
      credentials: "same-origin",
    })
      .then((response) =>
        response.ok && response.headers.get("content-type")?.includes("json")
          ? (response.json() as Promise<{ total: number }>)
          : null
      )
      .then((answer) => {
        if (current && answer && typeof answer.total === "number")
          publishChatUnread(answer.total);
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [pathname]);
  if (!value) return null;
  return (
    <span
      className={
        collapsed
          ? "-ml-2 h-2.5 w-2.5 shrink-0 self-start rounded-full bg-brand-pink-text"
          : "ml-auto rounded-full bg-brand-pink-text px-2 text-xs text-white"
      }
      data-testid="chat-unread-badge"
    >
      {collapsed ? (
        <span className="sr-only">{t("nav.unread", { count: value })}</span>
      ) : (
        <>
          <span aria-hidden="true">{value}</span>
          <span className="sr-only">{t("nav.unread", { count: value })}</span>
        </>
      )}
    </span>
  );
}
