import { data } from "@remix-run/node";
import { runGuards, type GuardArgs, type Guards } from "../guards.server";
import type { ServiceContext } from "../context.server";
import { isDomainError } from "../services/errors";

/** A developer page's answer: its view, or the developer error (spec 001 point 8) as a 400 page. */
export type DevPage<T> = { title: string } & (
  | { view: T; developerError: null }
  | { view: null; developerError: string }
);

/**
 * The loader of a developer route: guards, then the dev-tools service call. A developer error (malformed slug or id)
 * is a 400 page with its message; anything the viewer may not see, or that is not there, is a 404 (outside
 * production or for staff only, so the routes do not show they exist).
 */
export async function devPage<T>(
  args: GuardArgs,
  guards: Guards,
  work: (ctx: ServiceContext) => Promise<T>,
  title: (t: ServiceContext["t"], view: T | null) => string
) {
  await runGuards(args, guards);
  const t = args.context.service.t;
  try {
    const view = await work(args.context.service);
    return data<DevPage<T>>({
      title: title(t, view),
      view,
      developerError: null,
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.code === "INVALID") {
      return data<DevPage<T>>(
        {
          title: t("errors:developer.title"),
          view: null,
          developerError: error.message,
        },
        { status: 400 }
      );
    }
    throw new Response("Not Found", { status: 404 });
  }
}
