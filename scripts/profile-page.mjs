// A CPU profile of one page's load in Chromium (the DevTools profiler, no throttling): where the main thread's
// time goes until the page has hydrated, per script and per function, with the page's own names. For finding what
// to cut before measuring with `npm run bench:visitor` (decision 020). Needs a running app, e.g. a production build
// started with SEED_DEMO=always.
//
//   node scripts/profile-page.mjs http://127.0.0.1:3198/convention/digitale-fachmesse-2026 [--cpu 4] [--top 30]
//
// --cpu slows the CPU as Lighthouse's mobile profile does (4). CHROMIUM_PATH overrides the browser.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const url = args.find((arg) => /^https?:/.test(arg));
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
if (!url) {
  console.error('usage: node scripts/profile-page.mjs URL [--cpu 4] [--top 30]');
  process.exit(2);
}
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: option('cpu', 1) });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  // the root marks the document once React has hydrated it (root.tsx); what follows in the next second is counted
  await page.waitForSelector('html[data-hydrated]', { timeout: 60_000 });
  await page.waitForTimeout(1_000);
  const { profile } = await cdp.send('Profiler.stop');

  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byScript = new Map();
  const byFunction = new Map();
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  profile.samples.forEach((id, index) => {
    const { callFrame } = nodes.get(id);
    const script = callFrame.url ? callFrame.url.replace(/^.*\/assets\//, '') : `(${callFrame.functionName})`;
    add(byScript, script, profile.timeDeltas[index]);
    add(byFunction, `${callFrame.functionName || '(anonymous)'}  ${script}:${callFrame.lineNumber + 1}`, profile.timeDeltas[index]);
  });
  const top = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, option('top', 30))
      .map(([name, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms  ${name}`)
      .join('\n');
  console.log(`${url} (CPU x${option('cpu', 1)})\n\nself time per script\n${top(byScript)}\n\nself time per function\n${top(byFunction)}`);
} finally {
  await browser.close();
}
