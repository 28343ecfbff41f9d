import type { Db } from '#db/connection';

export type ThrottleScope = 'account' | 'ip' | 'object';

/**
 * Failed attempts allowed before a delay starts, per scope. An IP is shared by many people (offices, fairs), so it
 * gets more room than one account; an object (the access keys of one convention, say) is tried by everyone who
 * visits it, so it gets the most, and its delays only slow down a guessing campaign spread over many clients.
 */
const FREE_FAILURES: Record<ThrottleScope, number> = { account: 3, ip: 20, object: 100 };
/** Failures older than this are forgotten. */
const WINDOW_SECONDS = 60 * 60;
const MAX_DELAY_SECONDS = 15 * 60;

/** Growing delays: 2 s after the first failure past the free ones, then 4, 8, 16 ... up to 15 minutes. */
export function lockSeconds(scope: ThrottleScope, failures: number): number {
  const over = failures - FREE_FAILURES[scope];
  return over <= 0 ? 0 : Math.min(2 ** over, MAX_DELAY_SECONDS);
}

export interface ThrottleKeys {
  account: string;
  ip: string | null;
  /** the object whose secret is tried (access keys), counted over all clients */
  object?: string | null;
}

const keysOf = (keys: ThrottleKeys): [ThrottleScope, string][] => [
  ['account', keys.account.trim().toLowerCase().slice(0, 254)],
  ...(keys.ip ? ([['ip', keys.ip.slice(0, 254)]] as [ThrottleScope, string][]) : []),
  ...(keys.object ? ([['object', keys.object.slice(0, 254)]] as [ThrottleScope, string][]) : []),
];

/** Seconds to wait before the next login attempt is allowed (0: go ahead). */
export async function throttleWait(db: Db, keys: ThrottleKeys): Promise<number> {
  let wait = 0;
  for (const [scope, key] of keysOf(keys)) {
    const row = await db('login_throttles').where({ scope, key }).first('locked_until');
    if (row?.locked_until) {
      const remaining = Math.ceil((new Date(row.locked_until).getTime() - Date.now()) / 1000);
      wait = Math.max(wait, remaining);
    }
  }
  return wait;
}

/** Counts a failed login for the account and the IP and sets their locks. */
export async function recordLoginFailure(db: Db, keys: ThrottleKeys): Promise<void> {
  for (const [scope, key] of keysOf(keys)) {
    const { rows } = await db.raw(
      `insert into login_throttles (scope, key, failures, last_failure_at)
         values (?, ?, 1, now())
       on conflict (scope, key) do update
         set failures = case when login_throttles.last_failure_at < now() - make_interval(secs => ?)
                             then 1 else login_throttles.failures + 1 end,
             last_failure_at = now()
       returning failures`,
      [scope, key, WINDOW_SECONDS],
    );
    const seconds = lockSeconds(scope, rows[0].failures);
    if (seconds > 0) {
      await db('login_throttles')
        .where({ scope, key })
        .update({ locked_until: db.raw('now() + make_interval(secs => ?)', [seconds]) });
    }
  }
}

/** A successful login clears the account's failures (the IP's stay: other accounts may be guessed from it). */
export async function recordLoginSuccess(db: Db, keys: ThrottleKeys): Promise<void> {
  await db('login_throttles').where({ scope: 'account', key: keysOf(keys)[0][1] }).delete();
}
