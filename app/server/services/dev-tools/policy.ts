import type { Env } from "../../env.server";
import type { Viewer } from "../../viewer.server";

/**
 * The developer routes (spec 000 point 2: /dev/select, /dev/hall-administration/{slug}, /dev/stage-administration)
 * are for development and support: anyone outside production, platform staff in production.
 */
export function mayViewDevTools(
  env: Pick<Env, "NODE_ENV">,
  viewer: Viewer | null
): boolean {
  return env.NODE_ENV !== "production" || Boolean(viewer?.isStaff);
}

/**
 * Logging in as a demo user from /dev/select: outside production only. The spec allows no impersonation in
 * production, not even for staff.
 */
export function mayImpersonate(env: Pick<Env, "NODE_ENV">): boolean {
  return env.NODE_ENV !== "production";
}
