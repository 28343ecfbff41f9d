import { describe, expect, it, vi } from 'vitest';
import { loadRoomPage } from '~/server/pages/virtual-room.server';
import type { RequestContext } from '~/server/request-context.server';
import { DomainError } from '~/server/services/errors';
import { roomViewFixture } from '../fixtures/room-view';
import { expectConsoleError } from '../setup/console';

/** loadRoomPage (issue 17): every way a room read ends becomes a page, a 404 or a redirect, never a 500. */
const context = (loggedIn: boolean) => ({ viewer: loggedIn ? { userId: 'u' } : null, language: 'EN' }) as unknown as RequestContext;
const request = new Request('http://app.test/virtual-room/showroom?pano=p2&step=2');

async function thrown(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('loadRoomPage', () => {
  it('hands over the room with the page path, ?pano= and ?step=', async () => {
    const room = roomViewFixture();
    const data = await loadRoomPage(context(false), request, async () => room);
    expect(data).toEqual({ room, error: null, language: 'EN', path: '/virtual-room/showroom', panoId: 'p2', step: 2 });
  });

  it('ignores a ?step= that is no step number', async () => {
    const data = await loadRoomPage(context(false), new Request('http://app.test/virtual-room/x?step=-1'), async () => roomViewFixture());
    expect(data.step).toBeNull();
    expect(data.panoId).toBeNull();
  });

  it('answers NOT_FOUND (or no room) with a 404 the page shows as "room not found"', async () => {
    const missing = (await thrown(loadRoomPage(context(false), request, async () => {
      throw new DomainError('NOT_FOUND', 'not found', 'slug');
    }))) as { init: { status: number }; data: unknown };
    expect(missing.init.status).toBe(404);
    expect(missing.data).toEqual({ roomNotFound: true });
    const none = (await thrown(loadRoomPage(context(false), request, async () => null))) as { init: { status: number } };
    expect(none.init.status).toBe(404);
    // a convention without a room is no error
    const quiet = await loadRoomPage(context(false), request, async () => null, { missing: 'null' });
    expect(quiet).toMatchObject({ room: null, error: null });
  });

  it('sends PERMISSION_DENIED to /login?next when logged out and to /token?next when logged in', async () => {
    const denied = async () => {
      throw new DomainError('PERMISSION_DENIED', 'no', null);
    };
    const out = (await thrown(loadRoomPage(context(false), request, denied))) as Response;
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe(`/login?next=${encodeURIComponent('/virtual-room/showroom?pano=p2&step=2')}`);
    const inside = (await thrown(loadRoomPage(context(true), request, denied))) as Response;
    expect(inside.headers.get('location')).toMatch(/^\/token\?next=/);
  });

  it('shows the timeout text when the room takes too long, and the load error for anything else', async () => {
    vi.useFakeTimers();
    try {
      const slow = loadRoomPage(context(false), request, () => new Promise(() => {}), { timeoutMs: 50 });
      await vi.advanceTimersByTimeAsync(60);
      expect(await slow).toMatchObject({ room: null, error: 'TIMEOUT' });
    } finally {
      vi.useRealTimers();
    }
    // the failure is logged for the operators
    expectConsoleError();
    const broken = await loadRoomPage(context(false), request, async () => {
      throw new Error('connection reset');
    });
    expect(broken).toMatchObject({ room: null, error: 'LOAD' });
  });
});
