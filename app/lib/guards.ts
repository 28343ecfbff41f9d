import type { FeatureName } from './features';

/**
 * A route's guards (spec 001 point 6), declared as plain data next to its loader so the route table can be
 * checked (tests/unit/route-table.test.ts). Plain data matters: `guards` is exported from route modules and
 * therefore ships to the browser, so it must not reference server code. Object permissions are named by a
 * typed `kind` whose check lives on the server (app/server/permissions.server.ts).
 */
/**
 * The object checks a route can name (app/server/permissions.server.ts implements each with the access module): the
 * convention of `/convention/{slug}/...`, its hall, a stand in it, a stand by its preview slug, an in-house fair,
 * a virtual room.
 */
export const PERMISSION_KINDS = ['convention', 'conventionHall', 'conventionStand', 'previewStand', 'exhibition', 'virtualRoom'] as const;
export type PermissionKind = (typeof PERMISSION_KINDS)[number];

export interface Guards {
  /** 1. a logged-in user is sent to `/` (login, register, ...) */
  checkLoggedIn?: boolean;
  /** 2. without it, a visitor without session goes to /login?next=<path> */
  public?: boolean;
  /** 3. object access: the check `kind` gets the route parameter `param` */
  permission?: { kind: PermissionKind; param: string };
  /** 4. the organisation's suite must contain this feature */
  feature?: FeatureName;
  /** console routes: a member without organisation goes to /onboarding */
  organization?: boolean;
  /** platform staff only (isStaff); others get 404 */
  staff?: boolean;
}

export const defineGuards = <const G extends Guards>(guards: G): G => guards;
