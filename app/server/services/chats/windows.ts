import { randomUUID } from 'node:crypto';
import type { AppServices } from '../../context.server';

/**
 * Operators' live windows (issue 28: an operator goes offline when their last window closes), across app instances.
 * A window is an operator's live conversation stream (the console's chat page). Each process counts its own windows
 * and keeps one row per operator it has windows of in `chat_operator_windows`, refreshed by its chat job
 * (`heartbeatWindows`); when the process's last window of an operator closes and stays closed for a grace (a page
 * change reconnects within it), its row goes and the operator goes offline unless another instance still has a fresh
 * row. A crashed instance's rows grow stale and `sweepStaleWindows` takes them and their operators' presence away.
 */

/** Rows not refreshed for this long belong to an instance that is gone. */
export const WINDOW_STALE_SECONDS = 90;
const DEFAULT_GRACE_MS = 10_000;

interface ProcessWindows {
  instanceId: string;
  counts: Map<string, number>;
  /** per operator, the database work in order (an open's insert before a close's delete) */
  chains: Map<string, Promise<void>>;
  graceMs: number;
}

const processes = new WeakMap<AppServices, ProcessWindows>();

function windowsOf(app: AppServices): ProcessWindows {
  let windows = processes.get(app);
  if (!windows) {
    windows = { instanceId: randomUUID(), counts: new Map(), chains: new Map(), graceMs: DEFAULT_GRACE_MS };
    processes.set(app, windows);
  }
  return windows;
}

/** This process's id in `chat_operator_windows`. */
export const windowInstanceId = (app: AppServices): string => windowsOf(app).instanceId;

/** Tests shorten the grace after the last window closed. */
export function setWindowGrace(app: AppServices, ms: number): void {
  windowsOf(app).graceMs = ms;
}

function enqueue(windows: ProcessWindows, key: string, work: () => Promise<unknown>): Promise<void> {
  const next = (windows.chains.get(key) ?? Promise.resolve())
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => console.error('[chats] presence update failed:', error),
    );
  windows.chains.set(key, next);
  void next.then(() => {
    if (windows.chains.get(key) === next) windows.chains.delete(key);
  });
  return next;
}

/** Opens a window of the operator in this process; the returned function closes it (once). */
export function openWindow(app: AppServices, organizationId: string, userId: string): () => void {
  const windows = windowsOf(app);
  const key = `${organizationId}:${userId}`;
  const open = windows.counts.get(key) ?? 0;
  windows.counts.set(key, open + 1);
  if (open === 0) {
    void enqueue(windows, key, () =>
      app.db.raw(
        `insert into chat_operator_windows (instance_id, organization_id, user_id, seen_at) values (?, ?, ?, now())
         on conflict (instance_id, organization_id, user_id) do update set seen_at = now()`,
        [windows.instanceId, organizationId, userId],
      ),
    );
  }
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    const left = (windows.counts.get(key) ?? 1) - 1;
    if (left > 0) {
      windows.counts.set(key, left);
      return;
    }
    windows.counts.delete(key);
    const whenClosed = () => {
      if (windows.counts.has(key)) return;
      void enqueue(windows, key, () => lastWindowClosed(app, windows.instanceId, organizationId, userId));
    };
    if (windows.graceMs <= 0) whenClosed();
    else setTimeout(whenClosed, windows.graceMs).unref();
  };
}

/** This instance has no window of the operator left: its row goes, and the operator is offline unless another has one. */
async function lastWindowClosed(app: AppServices, instanceId: string, organizationId: string, userId: string): Promise<void> {
  await app.db.raw(
    `with mine as (delete from chat_operator_windows where instance_id = ? and organization_id = ? and user_id = ?)
     update chat_operators o set online = false, last_seen_at = now()
      where o.organization_id = ? and o.user_id = ? and o.online
        and not exists (select 1 from chat_operator_windows w
                         where w.organization_id = o.organization_id and w.user_id = o.user_id and w.instance_id <> ?
                           and w.seen_at >= now() - make_interval(secs => ?))`,
    [instanceId, organizationId, userId, organizationId, userId, instanceId, WINDOW_STALE_SECONDS],
  );
}

/** Waits until this process's presence writes are done (tests; shutting down). */
export async function settleWindows(app: AppServices): Promise<void> {
  const windows = processes.get(app);
  if (windows) await Promise.all([...windows.chains.values()]);
}

/** Refreshes this instance's rows, so other instances see its windows as alive. */
export async function heartbeatWindows(app: AppServices): Promise<void> {
  const windows = processes.get(app);
  if (!windows || windows.counts.size === 0) return;
  await app.db('chat_operator_windows').where('instance_id', windows.instanceId).update({ seen_at: app.db.fn.now() });
}

/**
 * Removes the rows of instances that stopped refreshing them (crashed or killed) and sets offline the operators who
 * had their last window there. Returns how many operators went offline.
 */
export async function sweepStaleWindows(app: AppServices): Promise<number> {
  const { rows } = await app.db.raw(
    `with gone as (delete from chat_operator_windows where seen_at < now() - make_interval(secs => ?) returning organization_id, user_id)
     update chat_operators o set online = false, last_seen_at = now()
       from (select distinct organization_id, user_id from gone) g
      where o.organization_id = g.organization_id and o.user_id = g.user_id and o.online
        and not exists (select 1 from chat_operator_windows w
                         where w.organization_id = g.organization_id and w.user_id = g.user_id
                           and w.seen_at >= now() - make_interval(secs => ?))
      returning o.id`,
    [WINDOW_STALE_SECONDS, WINDOW_STALE_SECONDS],
  );
  return rows.length;
}
