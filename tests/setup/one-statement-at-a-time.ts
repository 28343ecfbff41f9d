import pg from 'pg';
import { afterAll, afterEach } from 'vitest';

/**
 * A transaction holds one connection, which runs one statement at a time. A statement sent on it while another
 * runs (a Promise.all inside a transaction) is queued by pg 8 with a deprecation warning and will be refused by
 * pg 9. Every integration test fails when the code it runs does that, naming both statements; reads outside a
 * transaction take their own connections from the pool and may run side by side.
 */

interface Statement {
  text?: string;
}
// pg 8's own fields (its public getters for them warn that they are going away)
type RunningClient = pg.Client & { _activeQuery?: Statement | null; _queryQueue?: Statement[] };

const overlaps: string[] = [];
const sql = (statement: Statement | string | null | undefined) =>
  String(typeof statement === 'string' ? statement : statement?.text ?? '?').slice(0, 300);

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: RunningClient, ...args: unknown[]) {
  const running = this._activeQuery ?? this._queryQueue?.[0];
  if (running) overlaps.push(`${sql(args[0] as Statement | string)}\n    sent while this ran on the same connection: ${sql(running)}`);
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof query;

function failOnOverlaps() {
  if (!overlaps.length) return;
  const found = overlaps.splice(0);
  throw new Error(
    `Statements were sent on a connection that was still running another (a Promise.all inside a transaction? run them in turn):\n- ${found.join('\n- ')}`,
  );
}

afterEach(failOnOverlaps);
afterAll(failOnOverlaps);
