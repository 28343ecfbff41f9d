import { describe, expect, it } from 'vitest';
import { runGuards, safeNext, type Guards, type PermissionCheck } from '~/server/guards.server';
import type { RequestContext } from '~/server/request-context.server';
import type { Viewer } from '~/server/viewer.server';
import { DomainError } from '~/server/services/errors';
import { Feature, Package } from '~/lib/features';

function viewer(overrides: Partial<Viewer> = {}): Viewer {
  return {
    userId: 'u1',
    email: 'u@example.com',
    firstName: 'U',
    lastName: 'Ser',
    isStaff: false,
    defaultLanguage: 'EN',
    organization: { id: 'o1', name: 'Org', slug: 'org' },
    role: 'admin',
    isOwner: true,
    sales: false,
    features: Package.BASIC,
    organizations: [{ id: 'o1', name: 'Org', slug: 'org' }],
    ...overrides,
  };
}

const ctx = (v: Viewer | null) => ({ viewer: v }) as unknown as RequestContext;
const request = new Request('http://localhost/events/convention/x?tab=halls');

async function outcome(v: Viewer | null, guards: Guards, params: Record<string, string> = {}): Promise<string> {
  try {
    await runGuards({ request, context: ctx(v), params }, guards, testChecks);
    return 'pass';
  } catch (thrown) {
    if (thrown instanceof Response) {
      return thrown.status === 404 ? '404' : `redirect ${thrown.headers.get('Location')}`;
    }
    throw thrown;
  }
}

/** Checks standing in for the app's (given to runGuards): one always denies, one knows one slug, one fails otherwise. */
const testChecks: Record<string, PermissionCheck> = {
  convention: async () => {
    throw new DomainError('PERMISSION_DENIED', 'no');
  },
  exhibition: async (_ctx, value) => {
    if (value !== 'known') throw new DomainError('NOT_FOUND', 'no');
  },
  virtualRoom: async () => {
    throw new DomainError('INVALID', 'odd');
  },
};
const denied = { kind: 'convention', param: 'slug' } as const;
const missing = { kind: 'exhibition', param: 'slug' } as const;

describe('route guards in fixed order', () => {
  it('1. check-logged-in sends a logged-in user home before anything else', async () => {
    expect(await outcome(viewer(), { checkLoggedIn: true, public: true, permission: denied, feature: 'event' })).toBe('redirect /');
    expect(await outcome(null, { checkLoggedIn: true, public: true })).toBe('pass');
  });

  it('1. coming from the lead form, check-logged-in cancels the navigation instead (spec 001 point 6)', async () => {
    const from = (referer: string, mode: string) =>
      new Request('http://localhost/login', { headers: { referer: `http://localhost${referer}`, 'sec-fetch-mode': mode } });
    const answer = async (req: Request) => {
      try {
        await runGuards({ request: req, context: ctx(viewer()), params: {} }, { checkLoggedIn: true, public: true });
        return 'pass';
      } catch (thrown) {
        const response = thrown as Response;
        return response.status === 204 ? '204' : `${response.status} ${response.headers.get('Location')}`;
      }
    };
    // a page load stays where it is (204), a client-side navigation goes back to the form it came from
    expect(await answer(from('/leadform?form=abc', 'navigate'))).toBe('204');
    expect(await answer(from('/leads/leadform', 'navigate'))).toBe('204');
    expect(await answer(from('/leadform?form=abc', 'cors'))).toBe('302 /leadform?form=abc');
    // from anywhere else (or from another site) it is home, as before
    expect(await answer(from('/leads', 'navigate'))).toBe('302 /');
    expect(
      await answer(new Request('http://localhost/login', { headers: { referer: 'https://evil.example/leadform', 'sec-fetch-mode': 'navigate' } })),
    ).toBe('302 /');
  });

  it('2. a non-public route sends a visitor to /login and remembers the target', async () => {
    expect(await outcome(null, { permission: missing, feature: 'event' })).toBe(
      'redirect /login?next=%2Fevents%2Fconvention%2Fx%3Ftab%3Dhalls',
    );
  });

  it('3. permission: NOT_FOUND is a 404, PERMISSION_DENIED goes to /login or /token with next', async () => {
    expect(await outcome(viewer(), { permission: missing, feature: 'event' })).toBe('404');
    expect(await outcome(null, { public: true, permission: denied })).toBe(
      'redirect /login?next=%2Fevents%2Fconvention%2Fx%3Ftab%3Dhalls',
    );
    expect(await outcome(viewer(), { permission: denied, feature: 'event' })).toBe(
      'redirect /token?next=%2Fevents%2Fconvention%2Fx%3Ftab%3Dhalls',
    );
  });

  it('3. the permission check gets the route parameter it names', async () => {
    expect(await outcome(viewer(), { permission: missing }, { slug: 'known' })).toBe('pass');
    expect(await outcome(viewer(), { permission: missing }, { slug: 'unknown' })).toBe('404');
  });

  it('3. a permission kind without a check is a programming error (the type names every kind; the checks must too)', async () => {
    await expect(outcome(viewer(), { permission: { kind: 'previewStand', param: 'x' } })).rejects.toThrow(/No permission check registered/);
  });

  it('3. other permission errors are ignored and navigation continues', async () => {
    const other = { kind: 'virtualRoom', param: 'slug' } as const;
    expect(await outcome(viewer({ features: Package.EVENT }), { permission: other, feature: 'event' })).toBe('pass');
  });

  it('4. a missing feature bit goes to /missing-feature/{feature} after the permission check', async () => {
    expect(await outcome(viewer({ features: Package.BASIC }), { feature: 'event' })).toBe('redirect /missing-feature/event');
    expect(await outcome(viewer({ features: Package.EVENT }), { feature: 'event' })).toBe('pass');
    expect(await outcome(viewer({ features: Feature.platformAdmin }), { feature: 'platformAdmin' })).toBe('pass');
  });

  it('sends a member without organisation to onboarding on console routes', async () => {
    expect(await outcome(viewer({ organization: null, features: 0 }), { organization: true })).toBe('redirect /onboarding');
  });

  it('hides staff routes from non-staff', async () => {
    expect(await outcome(viewer(), { staff: true })).toBe('404');
    expect(await outcome(viewer({ isStaff: true }), { staff: true })).toBe('pass');
  });
});

describe('safeNext', () => {
  it('keeps same-site paths and drops everything else', () => {
    expect(safeNext('/events?x=1')).toBe('/events?x=1');
    expect(safeNext('//evil.example/x')).toBe('/');
    expect(safeNext('https://evil.example')).toBe('/');
    expect(safeNext('/\\evil.example')).toBe('/');
    expect(safeNext(null, '/home')).toBe('/home');
  });
});
