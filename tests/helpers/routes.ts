import type { AppLoadContext, LoaderFunctionArgs } from '@remix-run/node';
import { buildRequestContext } from '~/server/request-context.server';
import { readToast } from '~/server/toast.server';
import type { TestApp } from './app';

/**
 * A route module's `loader` or `action` as Remix calls it, with our `AppLoadContext` as `context` (Remix's loader and
 * action arguments are the same shape), so tests pass `route.loader` as it is.
 */
export type RouteFn = (args: LoaderFunctionArgs) => unknown;

/**
 * The `context` Remix hands a loader or action for `request`: the request context built from its session cookie and
 * language against the test database (a copy, since Remix's `AppLoadContext` is an open record and ours an interface).
 */
export async function loadContext(t: TestApp, request: Request): Promise<AppLoadContext> {
  return { ...(await buildRequestContext(t.app, request)) };
}

export interface RouteOutcome {
  status: number;
  location: string | null;
  data: unknown;
  /** the translated toast a redirect carries, if any */
  toast: { type: string; key: string; values?: Record<string, unknown> } | null;
}

/**
 * Calls a route module's loader or action the way Remix would (the page door), with the request context built
 * from a real session cookie against the test database. Thrown and returned responses are both outcomes.
 */
export async function callRoute(
  t: TestApp,
  fn: RouteFn | undefined,
  options: { url: string; method?: 'GET' | 'POST'; form?: Record<string, string | File | (string | File)[]>; userId?: string | null; params?: Record<string, string>; mayBeShared?: boolean },
): Promise<RouteOutcome> {
  if (!fn) throw new Error('route function missing');
  const headers = new Headers();
  if (options.userId) headers.set('cookie', await t.sessionCookie(options.userId));
  headers.set('accept-language', 'en');
  let body: FormData | undefined;
  if (options.form) {
    body = new FormData();
    for (const [k, v] of Object.entries(options.form)) for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
  }
  const request = new Request(`http://localhost${options.url}`, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body });
  const context = await loadContext(t, request);
  // as the server says while the visitor cache means to keep the answer (RequestContext.mayBeShared)
  if (options.mayBeShared !== undefined) Object.assign(context, { mayBeShared: () => options.mayBeShared });
  let result: unknown;
  try {
    result = await fn({ request, context, params: options.params ?? {} });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    const toastCookie = /(?:^|,\s*)(toast=[^;]+)/.exec(result.headers.get('set-cookie') ?? '')?.[1];
    const toast = toastCookie ? (await readToast(new Request('http://localhost', { headers: { cookie: toastCookie } }))).toast : null;
    const text = await result.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: result.status, location: result.headers.get('location'), data, toast };
  }
  if (isDataWithInit(result)) return { status: result.init?.status ?? 200, location: null, data: result.data, toast: null };
  return { status: 200, location: null, data: result, toast: null };
}

/** What Remix's `data(value, init)` returns (single fetch): the value with its status. */
function isDataWithInit(value: unknown): value is { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}

/** A route function's result as the Response Remix sends: `data(value, init)` becomes JSON with its status. */
export function asResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (isDataWithInit(result)) return Response.json(result.data, result.init ?? undefined);
  return Response.json(result);
}
