import { createTemplate, dropDatabase, serverReachable, serverUrl, TEMPLATE_ENV } from '../helpers/database';

/**
 * Once per integration run: a migrated template database on the real PostgreSQL server, copied for each test
 * file. Without a reachable server (and outside CI) the tests fall back to in-memory PGlite.
 */
export default async function setup() {
  if (await serverReachable()) {
    const name = await createTemplate();
    process.env[TEMPLATE_ENV] = name;
    return async () => {
      await dropDatabase(name);
    };
  }
  if (process.env.CI === 'true') throw new Error(`CI needs a reachable PostgreSQL at ${serverUrl()}`);
  console.warn(`No PostgreSQL at ${serverUrl()}: integration tests use embedded PGlite.`);
  return undefined;
}
