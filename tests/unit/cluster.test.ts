import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { serverProcessCount } from '~/server/cluster.server';

const POSTGRES = 'postgres://postgres@127.0.0.1:5432/fairplatform';

describe('processes serving production (issue 13)', () => {
  it('uses every core with a PostgreSQL server, or as many as WEB_CONCURRENCY says', () => {
    expect(serverProcessCount({ NODE_ENV: 'production', DATABASE_URL: POSTGRES, WEB_CONCURRENCY: undefined })).toBe(os.availableParallelism());
    expect(serverProcessCount({ NODE_ENV: 'production', DATABASE_URL: POSTGRES, WEB_CONCURRENCY: 3 })).toBe(3);
  });

  it('stays one process with the embedded database and outside production', () => {
    expect(serverProcessCount({ NODE_ENV: 'production', DATABASE_URL: undefined, WEB_CONCURRENCY: 4 })).toBe(1);
    expect(serverProcessCount({ NODE_ENV: 'development', DATABASE_URL: POSTGRES, WEB_CONCURRENCY: 4 })).toBe(1);
  });
});
