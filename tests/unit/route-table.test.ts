import { describe, expect, it } from 'vitest';
import type { Guards } from '~/server/guards.server';
import { resources } from '../../locales/index';
import type { RequestContext } from '~/server/request-context.server';
import type { Viewer } from '~/server/viewer.server';

/**
 * Walks the whole route table: every route module with a loader or action declares its guards, and its loader
 * really runs them first (anonymous visitors of non-public routes are sent to /login, logged-in users of
 * check-logged-in routes to /, members without the suite bit to /missing-feature/{feature}).
 */
type RouteModule = {
  handle?: { i18n?: string[]; title?: string };
  meta?: unknown;
  default?: unknown;
  clientLoader?: unknown;
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
  guards?: Guards;
};

const modules = import.meta.glob<RouteModule>('../../app/routes/**/*.tsx', { eager: true });
const routes = Object.entries(modules).map(([file, mod]) => ({ file: file.replace('../../app/routes/', ''), mod }));

function member(features: number): Viewer {
  return {
    userId: '00000000-0000-0000-0000-000000000001',
    email: 'member@example.com',
    firstName: 'M',
    lastName: 'Ember',
    isStaff: false,
    defaultLanguage: 'EN',
    organization: { id: '00000000-0000-0000-0000-000000000002', name: 'Org', slug: 'org' },
    role: 'admin',
    isOwner: true,
    sales: false,
    features,
    organizations: [],
  };
}

const fakeContext = (viewer: Viewer | null) =>
  ({ viewer, language: 'EN', sessionId: viewer ? 'session' : null, app: {}, service: {} }) as unknown as RequestContext;

/** A URL for the route file with every dynamic segment filled in. */
function urlFor(file: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const segments = file
    .replace(/\.tsx$/, '')
    .replace(/\/route$/, '')
    .split('.')
    .filter((s) => !s.startsWith('_') && s !== '_index' && s !== 'index')
    .map((s) => {
      if (s === '$') {
        params['*'] = 'some/path';
        return 'some/path';
      }
      if (s.startsWith('$')) {
        params[s.slice(1)] = `test-${s.slice(1).toLowerCase()}`;
        return params[s.slice(1)];
      }
      return s.replace(/^\((.+)\)$/, '$1').replace(/\[(.+)\]/, '$1');
    });
  return { url: `http://localhost/${segments.join('/')}`, params };
}

async function run(fn: (args: unknown) => Promise<unknown>, file: string, viewer: Viewer | null, method = 'GET') {
  const { url, params } = urlFor(file);
  const request = new Request(url, method === 'GET' ? {} : { method, body: new FormData() });
  try {
    const result = await fn({ request, context: fakeContext(viewer), params });
    return { kind: 'ok' as const, result };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { kind: 'response' as const, status: thrown.status, location: thrown.headers.get('Location') };
    }
    return { kind: 'error' as const, error: thrown };
  }
}

describe('route table', () => {
  it('finds the route modules', () => {
    expect(routes.length).toBeGreaterThan(2);
  });

  it.each(routes.filter((r) => r.mod.loader || r.mod.action).map((r) => [r.file, r.mod] as const))(
    '%s declares its guards',
    (_file, mod) => {
      expect(mod.guards, 'export const guards = defineGuards({...}) and call runGuards in loader and action').toBeDefined();
    },
  );

  // the root loads these before hydration; other namespaces must be loaded by the route on client navigations
  const ROOT_NAMESPACES = ['common', 'errors', 'validation'];
  it.each(
    routes
      .filter((r) => r.mod.loader && (r.mod.handle?.i18n ?? []).some((ns) => !ROOT_NAMESPACES.includes(ns)))
      .map((r) => [r.file, r.mod] as const),
  )('%s loads its translation namespaces on client navigations', (_file, mod) => {
    expect(mod.clientLoader, 'export const clientLoader = withNamespaces(handle.i18n)').toBeTypeOf('function');
  });

  // pathless layouts (_console.tsx, _public.tsx) wrap pages and have no title of their own
  it.each(routes.filter((r) => r.mod.default && !/^_[a-z]+\.tsx$/.test(r.file)).map((r) => [r.file, r.mod] as const))('%s has a translated page title', (_file, mod) => {
    const key = mod.handle?.title;
    if (!key) {
      expect(mod.meta, 'handle.title (a translation key) or a meta export built from translated data').toBeTypeOf('function');
      return;
    }
    const [ns, path] = key.split(':');
    for (const lang of ['de', 'en'] as const) {
      const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], (resources[lang] as Record<string, unknown>)[ns]);
      expect(value, `${lang}/${key}`).toBeTypeOf('string');
    }
  });

  const guarded = routes.filter((r) => r.mod.guards);

  it.each(guarded.filter((r) => !r.mod.guards!.public).map((r) => [r.file, r.mod] as const))(
    '%s sends anonymous visitors to /login with next',
    async (file, mod) => {
      for (const [fn, method] of [
        [mod.loader, 'GET'],
        [mod.action, 'POST'],
      ] as const) {
        if (!fn) continue;
        const outcome = await run(fn, file, null, method);
        expect(outcome, `${method} ${file}`).toMatchObject({ kind: 'response', status: 302 });
        expect((outcome as { location: string }).location).toMatch(/^\/login\?next=%2F/);
      }
    },
  );

  it.each(guarded.filter((r) => r.mod.guards!.checkLoggedIn).map((r) => [r.file, r.mod] as const))(
    '%s sends logged-in users home',
    async (file, mod) => {
      const outcome = await run(mod.loader ?? mod.action!, file, member(0));
      expect(outcome).toMatchObject({ kind: 'response', status: 302, location: '/' });
    },
  );

  it.each(
    guarded
      .filter((r) => r.mod.guards!.feature && !r.mod.guards!.permission && !r.mod.guards!.staff)
      .map((r) => [r.file, r.mod] as const),
  )('%s sends members without the feature to /missing-feature', async (file, mod) => {
    const outcome = await run(mod.loader ?? mod.action!, file, member(0));
    expect(outcome).toMatchObject({ kind: 'response', status: 302, location: `/missing-feature/${mod.guards!.feature}` });
  });
});
