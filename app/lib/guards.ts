import type { FeatureName } from './features';

/**
 * A route's guards (spec 001 point 6), declared as plain data next to its loader so the route table can be
 * checked (tests/unit/route-table.test.ts). Plain data matters: `guards` is exported from route modules and
 * therefore ships to the browser, so it must not reference server code. Object permissions are named by a
 * `kind` whose check is registered on the server (app/server/permissions.server.ts).
 */
export interface Guards {
  /** 1. a logged-in user is sent to `/` (login, register, ...) */
  checkLoggedIn?: boolean;
  /** 2. without it, a visitor without session goes to /login?next=<path> */
  public?: boolean;
  /** 3. object access: the registered check `kind` gets the route parameter `param` */
  permission?: { kind: string; param: string };
  /** 4. the organisation's suite must contain this feature */
  feature?: FeatureName;
  /** console routes: a member without organisation goes to /onboarding */
  organization?: boolean;
  /** platform staff only (isStaff); others get 404 */
  staff?: boolean;
}

export const defineGuards = (guards: Guards): Guards => guards;
