import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOM_BUDGET_KIB, checkBudget, isRoomRoute, isVisitorRoute } from '../../scripts/js-budget.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A miniature production build (as in js-budget.test.ts): manifest, chunks and the chunk report. */
function fakeBuild(chunks: Record<string, { code: string; sources: string[] }>, routes: Record<string, { parentId?: string; module: string }>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-room-budget-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  const report: Record<string, string[]> = {};
  for (const [file, chunk] of Object.entries(chunks)) {
    fs.writeFileSync(path.join(dir, 'client', 'assets', file), chunk.code);
    report[`assets/${file}`] = chunk.sources;
  }
  fs.writeFileSync(path.join(dir, 'client-chunks.json'), JSON.stringify(report));
  const manifest = {
    entry: { module: '/assets/entry.client-1.js', imports: [] },
    routes: Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, { id, parentId: r.parentId, module: `/assets/${r.module}`, imports: [] }])),
  };
  fs.writeFileSync(path.join(dir, 'client', 'assets', 'manifest-1.js'), `window.__remixManifest=${JSON.stringify(manifest)};`);
  return dir;
}

/** Random base64 hardly compresses: about `kib` KiB gzipped. */
const heavy = (kib: number) => `export const x="${crypto.randomBytes(Math.round(kib * 1024 * 1.02)).toString('base64')}";`;

function roomBuild(threeKib: number, upFrontKib = 0) {
  return fakeBuild(
    {
      'entry.client-1.js': { code: 'export const e=1;', sources: ['app/entry.client.tsx'] },
      'root-1.js': { code: 'export default 1;', sources: ['app/root.tsx'] },
      'room-1.js': { code: `const V=()=>import("./viewer3d-1.js");const M=()=>import("./menu-1.js");export default V;${upFrontKib ? heavy(upFrontKib).replace('const x', 'const y') : ''}`, sources: ['app/routes/standalone-room.$slug.tsx', 'app/components/virtual-rooms/room-viewer.tsx'] },
      // other lazy chunks (a menu opened by a click, a content block's CAD viewer with its own three.js) are not
      // part of the room's budget
      'menu-1.js': { code: `const C=()=>import("./cad-1.js");${heavy(100)}`, sources: ['app/components/layout/language-menu.tsx'] },
      'cad-1.js': { code: heavy(100), sources: ['app/components/content-pages/blocks/cad-viewer.tsx', 'npm:three'] },
      'viewer3d-1.js': { code: heavy(threeKib), sources: ['app/components/virtual-rooms/room-viewer-3d.client.tsx', 'npm:three', 'npm:@react-three/fiber'] },
    },
    { root: { module: 'root-1.js' }, 'routes/standalone-room.$slug': { parentId: 'root', module: 'room-1.js' } },
  );
}

describe('JavaScript budget of the virtual room pages (issue 17)', () => {
  it('knows the room routes', () => {
    for (const id of ['routes/virtual-room.$slug', 'routes/standalone-room.$slug', 'routes/convention.$conventionslug.hall.$hallslug.stand.$standslug.vr.$rpslug', 'routes/convention.$conventionslug._index']) {
      expect(isVisitorRoute(id)).toBe(true);
      expect(isRoomRoute(id)).toBe(true);
    }
    expect(isRoomRoute('routes/convention.$conventionslug.hall.$hallslug')).toBe(false);
  });

  it('lets a room page import three.js on demand within 350 KiB, and never up front', () => {
    const { problems, rows } = checkBudget(roomBuild(200));
    expect(problems).toEqual([]);
    const room = (rows as { label: string; gzip: number; withLazy?: number; forbidden: string[] }[]).find((r) => r.label === 'standalone-room.$slug')!;
    expect(room.forbidden).toEqual([]);
    expect(room.gzip).toBeLessThan(1024);
    expect(room.withLazy).toBeGreaterThan(200 * 1024);
  });

  it('gives the room pages 350 KiB instead of the visitor pages\' 150 KiB up front', () => {
    const { problems, rows } = checkBudget(roomBuild(150, 160));
    expect(problems).toEqual([]);
    const room = (rows as { label: string; gzip: number; withLazy?: number }[]).find((r) => r.label === 'standalone-room.$slug')!;
    expect(room.gzip).toBeGreaterThan(150 * 1024);
    expect(room.withLazy).toBeLessThan(350 * 1024);
  });

  it('counts a viewer imported on demand by a component that is itself imported on demand (the convention landing)', () => {
    const dir = fakeBuild(
      {
        'entry.client-1.js': { code: 'export const e=1;', sources: ['app/entry.client.tsx'] },
        'root-1.js': { code: 'export default 1;', sources: ['app/root.tsx'] },
        'landing-1.js': { code: 'const R=()=>import("./room-page-1.js");export default R;', sources: ['app/routes/convention.$conventionslug._index.tsx'] },
        'room-page-1.js': { code: `const V=()=>import("./viewer3d-1.js");${heavy(20)}`, sources: ['app/components/virtual-rooms/room-page.tsx'] },
        'viewer3d-1.js': { code: heavy(340), sources: ['app/components/virtual-rooms/room-viewer-3d.client.tsx', 'npm:three'] },
      },
      { root: { module: 'root-1.js' }, 'routes/convention.$conventionslug._index': { parentId: 'root', module: 'landing-1.js' } },
    );
    const { problems, rows } = checkBudget(dir);
    const landing = (rows as { label: string; gzip: number; withLazy?: number }[]).find((r) => r.label === 'convention.$conventionslug._index')!;
    expect(landing.gzip).toBeLessThan(1024);
    expect(landing.withLazy).toBeGreaterThan(355 * 1024);
    expect(problems).toHaveLength(1);
  });

  it('fails a room page whose on-demand viewer takes it over 350 KiB', () => {
    const { problems } = checkBudget(roomBuild(ROOM_BUDGET_KIB + 10));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^standalone-room\.\$slug: \d+\.\d KiB of gzipped JavaScript with its on-demand three\.js viewer \(room budget 350 KiB/);
  });
});
