import { describe, expect, it } from 'vitest';
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

const MODULES = ['/assets/entry.client-123.js', '/assets/shell-1.js', '/assets/root-abc.js', '/assets/a-1.js', '/assets/b-1.js', '/assets/c-1.js', '/assets/d-1.js'];
const PRELOADS = { modules: MODULES, fetches: ['/locales/de/common.json?v=1'] };

/** Runs the rewritten script with the browser's parts it uses replaced by a recording stand-in. */
function run(source: string, readyState: 'loading' | 'complete' = 'loading') {
  const events: string[] = [];
  const listeners: Record<string, () => void> = {};
  const frames: (() => void)[] = [];
  const timers: { ms: number; fn: () => void; ran?: boolean }[] = [];
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

/** Lets every promise the script is waiting on settle (the stand-ins answer at once). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs the script's tasks as the browser would: each timer of 0 ms that comes due, one after the other, with the
 * promises settled in between; marks where each task begins with "task" in the events.
 */
async function runTasks(page: ReturnType<typeof run>) {
  for (let guard = 0; guard < 50; guard += 1) {
    await settle();
    const next = page.timers.find((timer) => timer.ms === 0 && !timer.ran);
    if (!next) return;
    next.ran = true;
    page.events.push('task');
    next.fn();
  }
  throw new Error('the script kept asking for tasks');
}

describe('deferred scripts (issue 26)', () => {
  it('is valid script source', () => {
    const rewritten = deferredModuleScript(REMIX_SCRIPT, PRELOADS)!;
    expect(() => new Function(rewritten)).not.toThrow();
  });

  it('fetches nothing before the load event and the frame after it, then imports the graph a few modules per task, fetches the texts and hands over as Remix did', async () => {
    const page = run(deferredModuleScript(REMIX_SCRIPT, PRELOADS)!);
    expect(page.events).toEqual([]);
    expect(Object.keys(page.listeners)).toEqual(['load']);

    page.listeners.load!();
    expect(page.events).toEqual([]);
    expect(page.frames).toHaveLength(1);
    page.frames[0]!();
    expect(page.events).toEqual([]);
    await runTasks(page);
    expect(page.events).toEqual([
      // the task after the frame: the graph's first four modules, the entry (which hydrates) not among them
      'task',
      'import /assets/shell-1.js',
      'import /assets/root-abc.js',
      'import /assets/a-1.js',
      'import /assets/b-1.js',
      'task',
      'import /assets/c-1.js',
      'import /assets/d-1.js',
      'task',
      'fetch /locales/de/common.json?v=1 cors same-origin',
      'import /assets/root-abc.js',
      'import /assets/routes/convention-def.js',
      // the graph and the texts are there: the entry in a task of its own
      'task',
      'import /assets/entry.client-123.js',
    ]);
    expect(page.window.__remixManifest).toEqual({ entry: { module: '/assets/entry.client-123.js' } });
    expect(page.window.__remixRouteModules).toEqual({ root: { href: '/assets/root-abc.js' }, 'routes/convention': { href: '/assets/routes/convention-def.js' } });
  });

  it('starts once, at the cap when the load event does not come, and not again on the load event', async () => {
    const page = run(deferredModuleScript(REMIX_SCRIPT, PRELOADS, 3000)!);
    const cap = page.timers.find((timer) => timer.ms === 3000)!;
    cap.fn();
    await runTasks(page);
    expect(page.events.at(-1)).toBe('import /assets/entry.client-123.js');
    const work = () => page.events.filter((event) => event !== 'task');
    const before = work();
    expect(before.filter((event) => event.startsWith('import '))).toHaveLength(9);
    // a second start would import the first modules at once: nothing more happens
    page.listeners.load!();
    page.frames[0]!();
    await runTasks(page);
    expect(work()).toEqual(before);
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
