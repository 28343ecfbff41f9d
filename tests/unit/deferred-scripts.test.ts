import { describe, expect, it, vi } from 'vitest';
import { deferredModuleScript } from '~/components/deferred-scripts';

/** Remix 2's module script as `<Scripts>` renders it with lazy route discovery (@remix-run/react components.js). */
const REMIX_SCRIPT = `import * as route0 from "/assets/root-abc.js";
import * as route1 from "/assets/routes/convention-def.js";
window.__remixManifest = {
  "entry": {
    "module": "/assets/entry.client-123.js"
  }
};
window.__remixRouteModules = {"root":route0,"routes/convention":route1};

import("/assets/entry.client-123.js");`;

const PRELOADS = { modules: ['/assets/entry.client-123.js', '/assets/shell-1.js', '/assets/root-abc.js'], fetches: ['/locales/de/common.json?v=1'] };

/** Runs the rewritten script with the browser's parts it uses replaced by a recording stand-in. */
function run(source: string, readyState: 'loading' | 'complete' = 'loading') {
  const events: string[] = [];
  const listeners: Record<string, () => void> = {};
  const frames: (() => void)[] = [];
  const timers: { ms: number; fn: () => void }[] = [];
  const window: Record<string, unknown> = {};
  const document = { readyState };
  const load = (href: string) => {
    events.push(`import ${href}`);
    return Promise.resolve({ href });
  };
  const fetch = (href: string, init: RequestInit) => {
    events.push(`fetch ${href} ${init.mode} ${init.credentials}`);
    return Promise.resolve({ blob: () => Promise.resolve(href) });
  };
  const body = source.replace(/\bimport\(/g, '__import(');
  new Function('window', 'document', 'addEventListener', 'requestAnimationFrame', 'setTimeout', 'fetch', '__import', body)(
    window,
    document,
    (type: string, fn: () => void) => (listeners[type] = fn),
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms: number) => timers.push({ ms, fn }),
    fetch,
    load,
  );
  return { events, listeners, frames, timers, window };
}

/** The script's own task for the entry (a timer of 0 ms asked for once the graph and the texts are there), run. */
async function runEntryTask(page: ReturnType<typeof run>, after: { fn: () => void }[]) {
  const entryTask = await vi.waitFor(() => {
    const asked = page.timers.filter((timer) => timer.ms === 0 && !after.includes(timer));
    expect(asked).toHaveLength(1);
    return asked[0]!;
  });
  // the graph and the texts are there; the entry comes in that task of its own
  expect(page.events.filter((event) => event.includes('entry.client'))).toEqual([]);
  entryTask.fn();
  await vi.waitFor(() => expect(page.events).toContain('import /assets/entry.client-123.js'));
}

describe('deferred scripts (issue 26)', () => {
  it('is valid script source', () => {
    const rewritten = deferredModuleScript(REMIX_SCRIPT, PRELOADS)!;
    expect(() => new Function(rewritten)).not.toThrow();
  });

  it('fetches nothing before the load event and the frame after it, then imports the graph, fetches the texts and hands over as Remix did', async () => {
    const page = run(deferredModuleScript(REMIX_SCRIPT, PRELOADS)!);
    expect(page.events).toEqual([]);
    expect(Object.keys(page.listeners)).toEqual(['load']);

    page.listeners.load!();
    expect(page.events).toEqual([]);
    expect(page.frames).toHaveLength(1);
    page.frames[0]!();
    const afterFrame = page.timers.find((timer) => timer.ms === 0)!;
    afterFrame.fn();
    await runEntryTask(page, [afterFrame]);
    expect(page.events).toEqual([
      'fetch /locales/de/common.json?v=1 cors same-origin',
      // the graph at once, the entry (which hydrates) not among them
      'import /assets/shell-1.js',
      'import /assets/root-abc.js',
      'import /assets/root-abc.js',
      'import /assets/routes/convention-def.js',
      'import /assets/entry.client-123.js',
    ]);
    expect(page.window.__remixManifest).toEqual({ entry: { module: '/assets/entry.client-123.js' } });
    expect(page.window.__remixRouteModules).toEqual({ root: { href: '/assets/root-abc.js' }, 'routes/convention': { href: '/assets/routes/convention-def.js' } });
  });

  it('starts once, at the cap when the load event does not come, and not again on the load event', async () => {
    const page = run(deferredModuleScript(REMIX_SCRIPT, PRELOADS, 3000)!);
    const cap = page.timers.find((timer) => timer.ms === 3000)!;
    cap.fn();
    await runEntryTask(page, []);
    const count = page.events.length;
    expect(page.events.filter((event) => event.startsWith('import '))).toHaveLength(5);
    // a second start would fetch the texts at once (synchronously): nothing more happens
    const entryTask = page.timers.find((timer) => timer.ms === 0)!;
    page.listeners.load!();
    page.frames[0]!();
    page.timers.filter((timer) => timer.ms === 0 && timer !== entryTask).forEach((timer) => timer.fn());
    expect(page.events).toHaveLength(count);
  });

  it('starts after the next frame when the page has loaded already', () => {
    const page = run(deferredModuleScript(REMIX_SCRIPT, PRELOADS)!, 'complete');
    expect(page.listeners).toEqual({});
    expect(page.frames).toHaveLength(1);
  });

  it('keeps a script of another shape as it is (null): another static import, no routes, no entry', () => {
    expect(deferredModuleScript(`import { x } from "/a.js";\n${REMIX_SCRIPT}`, PRELOADS)).toBeNull();
    expect(deferredModuleScript('window.__remixRouteModules = {};\nimport("/assets/entry.js");', PRELOADS)).toBeNull();
    expect(deferredModuleScript(REMIX_SCRIPT.replace(/import\("[^"]+"\);/, ''), PRELOADS)).toBeNull();
  });

  it('writes no closing script tag from a preload address into the document', () => {
    const rewritten = deferredModuleScript(REMIX_SCRIPT, { modules: ['/assets/a.js'], fetches: ['/locales/x</script><script>alert(1)//.json'] })!;
    expect(rewritten).not.toContain('</script>');
  });
});
