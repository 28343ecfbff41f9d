import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { Env } from './env.server';

/**
 * How many processes serve HTTP. Production with a PostgreSQL server uses every core (WEB_CONCURRENCY overrides);
 * the embedded PGlite database belongs to one process (decision 001), and development (Vite) runs in one.
 */
export function serverProcessCount(env: Pick<Env, 'NODE_ENV' | 'DATABASE_URL' | 'WEB_CONCURRENCY'>): number {
  if (env.NODE_ENV !== 'production' || !env.DATABASE_URL) return 1;
  return env.WEB_CONCURRENCY ?? os.availableParallelism();
}

/** A worker that dies sooner than this after its start counts as a failed start, and the primary stops trying. */
const FAILED_START_MS = 5_000;

/**
 * The primary process of a cluster: starts `count` workers that share the listening port (node:cluster hands the
 * connections round-robin), replaces a worker that dies, and passes SIGTERM/SIGINT on, exiting once all are gone.
 * The database is migrated and seeded before, in this process, so workers start on a ready database.
 */
export function runPrimary(count: number, onAllListening: () => void): void {
  let stopping = false;
  let exitCode = 0;
  let listening = 0;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());

  cluster.on('listening', () => {
    listening += 1;
    if (listening === count) onAllListening();
  });
  cluster.on('exit', (worker, code, signal) => {
    const started = startedAt.get(worker) ?? 0;
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(exitCode);
      return;
    }
    console.error(`Worker ${worker.process.pid} ended (${signal ?? `exit code ${code}`}).`);
    if (Date.now() - started < FAILED_START_MS && listening < count) {
      console.error('A worker failed while starting: stopping.');
      exitCode = 1;
      stop('SIGTERM');
      return;
    }
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (startedAt.size === 0) process.exit(exitCode);
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < count; i += 1) fork();
}
