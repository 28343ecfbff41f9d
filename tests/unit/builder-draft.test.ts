import { describe, expect, it } from 'vitest';
import { draftOffer, sameLayout } from '~/components/content-pages/builder/draft';
import { historyReducer, initialHistory } from '~/components/content-pages/builder/state';
import type { PageLayout } from '~/lib/content-pages/layout';

const stored: PageLayout = { rows: [] };
const changed = {
  rows: [{ id: 'r1', type: 'ROW', columns: [{ id: 'c1', type: 'COL', width: 'N8', rows: [], item: { id: 'i1', sort: 0, content: { type: 'TEXT', html: '<p>Neu</p>' } } }] }],
} as unknown as PageLayout;
const raw = (draft: unknown) => JSON.stringify(draft);

describe('the builder’s draft in the browser (issue 24 item 7)', () => {
  it('is offered when it was made from the version loaded and differs from what is stored', () => {
    const draft = { baseVersion: 3, layout: changed, savedAt: '2026-11-28T09:00:00.000Z' };
    expect(draftOffer(raw(draft), 3, JSON.stringify(stored))).toEqual({ offer: draft, drop: false });
  });

  it('is dropped once the page was saved again (a newer version), when it equals what is stored, or when it is not ours', () => {
    const draft = { baseVersion: 3, layout: changed, savedAt: '2026-11-28T09:00:00.000Z' };
    expect(draftOffer(raw(draft), 4, JSON.stringify(stored))).toEqual({ offer: null, drop: true });
    expect(draftOffer(raw(draft), 3, JSON.stringify(changed))).toEqual({ offer: null, drop: true });
    expect(draftOffer('{not json', 3, '{}')).toEqual({ offer: null, drop: true });
    expect(draftOffer(raw({ baseVersion: 3, layout: 'x', savedAt: 1 }), 3, '{}')).toEqual({ offer: null, drop: true });
    expect(draftOffer(null, 3, '{}')).toEqual({ offer: null, drop: false });
  });

  it('restored, it is one step that undo takes back to the stored layout', () => {
    const restored = historyReducer(initialHistory(stored), { type: 'restore', layout: changed });
    expect(restored.present).toBe(changed);
    expect(restored.past).toEqual([stored]);
    expect(historyReducer(restored, { type: 'undo' }).present).toBe(stored);
  });
});

describe('sameLayout (issue 24 item 7)', () => {
  const browser = {
    rows: [{ id: 'r1', type: 'ROW', columns: [{ id: 'c1', type: 'COL', width: 'N8', rows: [], item: { id: 'i1', sort: 0, content: { type: 'TEXT', html: '<p>Hallo</p>' } } }] }],
  };
  it('holds for the same work in another key order and with the defaults the server fills in', () => {
    // as the database gives it back: keys in its own order, defaults present
    const server = { rows: [{ id: 'r1', type: 'ROW', columns: [{ id: 'c1', item: { id: 'i1', content: { html: '<p>Hallo</p>', type: 'TEXT' }, sort: 0 }, rows: [], type: 'COL', width: 'N8' }] }] };
    const withoutDefaults = { rows: [{ id: 'r1', columns: [{ id: 'c1', item: { id: 'i1', content: { type: 'TEXT', html: '<p>Hallo</p>' } } }] }] };
    expect(sameLayout(browser, server)).toBe(true);
    expect(sameLayout(withoutDefaults, server)).toBe(true);
  });
  it('fails for different work', () => {
    const other = JSON.parse(JSON.stringify(browser).replace('Hallo', 'Tschüss'));
    expect(sameLayout(browser, other)).toBe(false);
  });
});
