import { Scripts } from '@remix-run/react';
import { Children, cloneElement, Fragment, isValidElement, type ComponentProps, type ReactElement, type ReactNode } from 'react';

/**
 * At the latest this long after the document's script ran, the page's modules start even if the `load` event has not
 * come yet (a picture that takes long to arrive must not keep the page from becoming interactive).
 */
export const DEFERRED_SCRIPTS_CAP_MS = 3000;

/** How many of the page's modules one task imports (the rest follow in tasks of their own). */
const IMPORTS_PER_TASK = 4;

const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"\n]+");$/;
const SIDE_EFFECT_IMPORT = /^import ("[^"\n]+");;?$/;

/**
 * Remix's module script (the route modules imported statically, the manifest, then the browser entry) rewritten so
 * that nothing is fetched before the page has loaded and painted. Then every module of the page's graph is imported,
 * a few per task (what the `modulepreload` links fetched in parallel before; a module is evaluated after its own
 * imports, as with static imports), the texts the entry loads before it hydrates are fetched into the HTTP cache (same URL, mode
 * and credentials as i18next-http-backend's fetch, immutable answers), and the rest of the script (the manifest's and
 * the route modules' globals, the entry's import, which hydrates) runs when all is there. No element is added to
 * the document: React hydrates all of it and takes any extra node for a mismatch. Null when the script is not of the
 * shape this knows (then the caller keeps Remix's own).
 */
export function deferredModuleScript(source: string, preloads: { modules: string[]; fetches: string[] }, capMs = DEFERRED_SCRIPTS_CAP_MS): string | null {
  const routes: { name: string; href: string }[] = [];
  const sideEffects: string[] = [];
  const rest: string[] = [];
  for (const line of source.split('\n')) {
    const route = ROUTE_IMPORT.exec(line);
    const sideEffect = SIDE_EFFECT_IMPORT.exec(line);
    if (route) routes.push({ name: route[1]!, href: route[2]! });
    else if (sideEffect) sideEffects.push(sideEffect[1]!);
    else if (/^\s*import\s/.test(line)) return null; // a static import of another shape: not rewritten
    else rest.push(line);
  }
  const body = rest.join('\n');
  // the entry is imported dynamically by the script itself; without it (or without routes) this is not Remix's script
  const entry = /^import\(("[^"\n]+")\);$/m.exec(body);
  if (!routes.length || !entry) return null;
  const entryHref = JSON.parse(entry[1]!) as string;
  // the entry hydrates when it is evaluated: it comes last, from the script's own body
  const modules = [...new Set(preloads.modules)].filter((href) => href !== entryHref);
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return [
    '{',
    'let started = false;',
    'const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));',
    'const start = async () => {',
    '  if (started) return;',
    '  started = true;',
    // a few imports per task: each import() costs the main thread 0.3 to 2 ms (22 of them took 6 to 39 ms in one
    // task), and a long task at the start is blocking time on a slow phone
    `  const modules = ${json(modules)};`,
    '  const loading = [];',
    `  for (let i = 0; i < modules.length; i += ${IMPORTS_PER_TASK}) {`,
    '    if (i) await nextTask();',
    `    loading.push(...modules.slice(i, i + ${IMPORTS_PER_TASK}).map((href) => import(href)));`,
    '  }',
    '  await nextTask();',
    `  const texts = ${json(preloads.fetches)}.map((href) => fetch(href, { mode: "cors", credentials: "same-origin" }).then((answer) => answer.blob()).catch(() => null));`,
    '  await Promise.all(loading);',
    `  await Promise.all([${sideEffects.map((href) => `import(${href})`).join(', ')}]);`,
    `  const [${routes.map((route) => route.name).join(', ')}] = await Promise.all([${routes.map((route) => `import(${route.href})`).join(', ')}]);`,
    '  await Promise.all(texts);',
    // the entry (i18next, then React's hydration) in a task of its own, not in the one that evaluated the modules
    '  await nextTask();',
    body,
    '};',
    // after the load event and the frame painted after it; at the latest after the cap
    'const afterPaint = () => requestAnimationFrame(() => setTimeout(start, 0));',
    'if (document.readyState === "complete") afterPaint(); else addEventListener("load", afterPaint, { once: true });',
    `setTimeout(start, ${Math.max(0, Math.round(capMs))});`,
    '}',
  ].join('\n');
}

/** The elements of a rendered tree, fragments opened. */
function flatten(node: ReactNode): ReactNode[] {
  return Children.toArray(node).flatMap((child) =>
    isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment ? flatten(child.props.children) : [child],
  );
}

/**
 * Remix's `<Scripts>`, rendered by React as it is (so hydration finds what the server sent), but its modules start
 * only after the page has loaded and painted: Lighthouse's simulation of a phone on slow 4G replays every request
 * that started before the largest paint, so 20 to 30 module preloads in the head made a page's largest paint wait for
 * scripts it does not need (decision 020). `fetches` are the texts the browser entry loads before it hydrates,
 * fetched at the same moment instead of preloaded in the head.
 */
export function DeferredScripts({ fetches, ...props }: ComponentProps<typeof Scripts> & { fetches: string[] }) {
  // Remix's component called as a function: its hooks are this component's, in the same order on every render
  const rendered = Scripts(props);
  if (!rendered) return null;
  const elements = flatten(rendered);
  const modules: string[] = [];
  const kept: ReactNode[] = [];
  for (const element of elements) {
    if (!isValidElement<Record<string, unknown>>(element)) {
      kept.push(element);
      continue;
    }
    if (element.type === 'link' && element.props.rel === 'modulepreload' && typeof element.props.href === 'string') modules.push(element.props.href);
    else kept.push(element);
  }
  // the module preloads are left out on both sides (the client's render must match the server's); only the server
  // has the script's text, and keeps it as Remix wrote it when its shape is unknown (static imports, no preloads)
  const index = kept.findIndex((element) => isValidElement<Record<string, unknown>>(element) && element.type === 'script' && element.props.type === 'module');
  const script = index >= 0 ? (kept[index] as ReactElement<{ dangerouslySetInnerHTML?: { __html?: string } }>) : null;
  const source = script?.props.dangerouslySetInnerHTML?.__html;
  const rewritten = typeof source === 'string' ? deferredModuleScript(source, { modules: [...new Set(modules)], fetches }) : null;
  if (script && rewritten !== null) kept[index] = cloneElement(script, { dangerouslySetInnerHTML: { __html: rewritten } });
  return <>{kept}</>;
}
