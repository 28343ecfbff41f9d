// A CPU profile of one page's load in Chromium (the DevTools profiler, no throttling): where the main thread's
// time goes until the page has hydrated, per script and per function, with the page's own names. For finding what
// to cut before measuring with `npm run bench:visitor` (decision 020). Needs a running app, e.g. a production build
// started with SEED_DEMO=always.
//
//   node scripts/profile-page.mjs http://127.0.0.1:3198/convention/digitale-fachmesse-2026 [--cpu 4] [--top 30] [--tasks 50] [--names 8]
//
// --cpu slows the CPU as Lighthouse's mobile profile does (4). --tasks N also lists each task of the main thread
// that ran N ms or longer (what total blocking time counts from 50 ms), with the --names functions that took its time.
// PROFILE_TRACE=file keeps that trace (opens in the browser's performance panel). CHROMIUM_PATH overrides the browser.
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
  const taskMs = option('tasks', 0);
  if (taskMs) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'loading'] });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  // the root marks the document once React has hydrated it (root.tsx); what follows in the next second is counted
  await page.waitForSelector('html[data-hydrated]', { timeout: 60_000 });
  await page.waitForTimeout(1_000);
  const { profile } = await cdp.send('Profiler.stop');
  const trace = taskMs ? JSON.parse((await browser.stopTracing()).toString('utf8')) : null;
  if (trace && process.env.PROFILE_TRACE) (await import('node:fs')).writeFileSync(process.env.PROFILE_TRACE, JSON.stringify(trace));

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
  if (trace) {
    // the renderer's main thread: the thread with the page's navigation; the profiler's clock is the trace's
    const events = trace.traceEvents ?? trace;
    const start = events.find((event) => event.name === 'navigationStart' && event.args?.data?.documentLoaderURL?.startsWith('http'));
    if (!start) throw new Error('no navigation in the trace');
    const tasks = events.filter((event) => event.name === 'RunTask' && event.pid === start.pid && event.tid === start.tid && event.dur >= taskMs * 1000).sort((a, b) => a.ts - b.ts);
    const sampleTimes = [];
    let at = profile.startTime;
    for (const delta of profile.timeDeltas) sampleTimes.push((at += delta));
    console.log(`\ntasks of ${taskMs} ms or more (from the navigation's start; the functions' self time in each)`);
    for (const task of tasks) {
      const inTask = new Map();
      profile.samples.forEach((id, index) => {
        if (sampleTimes[index] < task.ts || sampleTimes[index] > task.ts + task.dur) return;
        const { callFrame } = nodes.get(id);
        const script = callFrame.url ? callFrame.url.replace(/^.*\/assets\//, '') : '';
        add(inTask, `${callFrame.functionName || '(anonymous)'} ${script}${script ? `:${callFrame.lineNumber + 1}` : ''}`, profile.timeDeltas[index]);
      });
      const names = [...inTask].sort((a, b) => b[1] - a[1]).slice(0, option('names', 8)).map(([name, us]) => `${(us / 1000).toFixed(1)} ${name}`);
      console.log(`${((task.ts - start.ts) / 1000).toFixed(0).padStart(7)} ms  ${(task.dur / 1000).toFixed(1).padStart(6)} ms  ${names.join(' | ')}`);
    }
  }
} finally {
  await browser.close();
}
