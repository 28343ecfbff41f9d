// `npm start`: builds the app, then serves it in production mode on the configured database
// (embedded PGlite in var/db unless DATABASE_URL is set). Migrations and the demo seed run at start-up.
import { spawnSync, spawn } from 'node:child_process';

const run = (cmd, args, env = process.env) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!process.argv.includes('--no-build')) run('npm', ['run', 'build']);

const child = spawn(process.execPath, ['--enable-source-maps', `${process.env.BUILD_DIR ?? 'build'}/server.js`], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
