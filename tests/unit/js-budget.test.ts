import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBudget, isVisitorRoute } from '../../scripts/js-budget.mjs';

interface Row {
  label: string;
  gzip: number;
  chunks: number;
  forbidden: string[];
  onDemand: { url: string; forbidden: string[] }[];
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A miniature production build: Remix manifest, chunk files and the chunk report of vite.config.ts. */
function fakeBuild(chunks: Record<string, { code: string; sources: string[] }>, routes: Record<string, { parentId?: string; module: string; imports?: string[] }>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-budget-'));
  dirs.push(dir);
  fs.mkdirSync(path.join(dir, 'client', 'assets'), { recursive: true });
  const report: Record<string, string[]> = {};
  for (const [file, chunk] of Object.entries(chunks)) {
    fs.writeFileSync(path.join(dir, 'client', 'assets', file), chunk.code);
    report[`assets/${file}`] = chunk.sources;
  }
  fs.writeFileSync(path.join(dir, 'client-chunks.json'), JSON.stringify(report));
  const manifest = {
    entry: { module: '/assets/entry.client-1.js', imports: ['/assets/react-1.js'] },
    routes: Object.fromEntries(
      Object.entries(routes).map(([id, r]) => [id, { id, parentId: r.parentId, module: `/assets/${r.module}`, imports: (r.imports ?? []).map((i) => `/assets/${i}`) }]),
    ),
  };
  fs.writeFileSync(path.join(dir, 'client', 'assets', 'manifest-1.js'), `window.__remixManifest=${JSON.stringify(manifest)};`);
  return dir;
}

const shell = {
  'entry.client-1.js': { code: 'import{a}from"./react-1.js";a();', sources: ['app/entry.client.tsx'] },
  'react-1.js': { code: 'export const a=()=>1;', sources: ['npm:react', 'npm:react-dom'] },
  'root-1.js': { code: 'import{a}from"./react-1.js";const T=()=>import("./toaster-1.js");export default a;', sources: ['app/root.tsx'] },
  'toaster-1.js': { code: 'import"./aria-1.js";export const t=1;', sources: ['app/components/toaster.tsx'] },
  'aria-1.js': { code: 'export const b=2;', sources: ['npm:react-aria-components', 'npm:@react-aria/utils'] },
};

describe('visitor JavaScript budget (scripts/js-budget.mjs)', () => {
  it('knows the visitor routes by their file names', () => {
    expect(isVisitorRoute('routes/convention.$conventionslug._index')).toBe(true);
    expect(isVisitorRoute('routes/stage.$stageslug')).toBe(true);
    expect(isVisitorRoute('routes/exhibition.$slug')).toBe(true);
    expect(isVisitorRoute('routes/prev.$standslug')).toBe(true);
    // The lead's information pages (issue 18) are visitor pages too.
    expect(isVisitorRoute('routes/information-collection.$leadslug')).toBe(true);
    expect(isVisitorRoute('routes/information-collection.$leadslug_.site.$slug')).toBe(true);
    expect(isVisitorRoute('routes/_console.events.convention.$slug')).toBe(false);
    expect(isVisitorRoute('root')).toBe(false);
  });

  it('sums entry, root and the route chain with their static imports; lazy chunks stay out of the budget', () => {
    const dir = fakeBuild(
      {
        ...shell,
        'convention-1.js': { code: 'import{a}from"./react-1.js";import"./visitor-ui-1.js";export default a;', sources: ['app/routes/convention.$conventionslug.tsx'] },
        'visitor-ui-1.js': { code: 'export const v=3;', sources: ['app/components/visitor/convention-shell.tsx'] },
      },
      {
        root: { module: 'root-1.js', imports: ['react-1.js'] },
        'routes/convention.$conventionslug': { parentId: 'root', module: 'convention-1.js' },
        'routes/_console': { parentId: 'root', module: 'aria-1.js' },
      },
    );
    const report = checkBudget(dir);
    expect(report.problems).toEqual([]);
    const rows = report.rows as Row[];
    expect(rows.map((r) => r.label)).toEqual(['app shell (entry + root)', 'convention.$conventionslug']);
    const [shellRow, convention] = rows;
    // entry, react, root + route and its static import
    expect(shellRow.chunks).toBe(3);
    expect(convention.chunks).toBe(5);
    expect(convention.gzip).toBeGreaterThan(shellRow.gzip);
    // the toaster is imported on demand: reported with its react-aria, not counted
    expect(convention.forbidden).toEqual([]);
    expect(convention.onDemand).toEqual([expect.objectContaining({ url: '/assets/toaster-1.js', forbidden: ['react-aria'] })]);
  });

  it('fails a visitor route that loads react-aria, three.js or sortablejs, naming the chunk', () => {
    const dir = fakeBuild(
      {
        ...shell,
        'stage-1.js': { code: 'import"./aria-1.js";import"./three-1.js";export default 1;', sources: ['app/routes/stage.$stageslug.tsx'] },
        'three-1.js': { code: 'export const s=1;', sources: ['npm:three', 'npm:sortablejs'] },
      },
      {
        root: { module: 'root-1.js' },
        'routes/stage.$stageslug': { parentId: 'root', module: 'stage-1.js' },
      },
    );
    const { problems } = checkBudget(dir);
    expect(problems).toEqual([
      '/assets/aria-1.js: react-aria (npm:react-aria-components, npm:@react-aria/utils), loaded by stage.$stageslug',
      '/assets/three-1.js: three.js (npm:three), loaded by stage.$stageslug',
      '/assets/three-1.js: sortablejs (npm:sortablejs), loaded by stage.$stageslug',
    ]);
  });

  it('fails a visitor route over 150 KiB of gzipped JavaScript', () => {
    // random base64 hardly compresses: about 160 KiB gzipped
    const heavy = `export const x="${crypto.randomBytes(165 * 1024).toString('base64')}";`;
    const dir = fakeBuild(
      { ...shell, 'hall-1.js': { code: heavy, sources: ['app/routes/convention.$conventionslug.hall.$hallslug.tsx'] } },
      {
        root: { module: 'root-1.js' },
        'routes/convention.$conventionslug.hall.$hallslug': { parentId: 'root', module: 'hall-1.js' },
      },
    );
    const { problems, rows } = checkBudget(dir);
    expect((rows as Row[])[1].gzip).toBeGreaterThan(150 * 1024);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^convention\.\$conventionslug\.hall\.\$hallslug: \d+\.\d KiB of gzipped JavaScript \(budget 150 KiB\); biggest chunks: \/assets\/hall-1\.js/);
  });

  it('holds a content page to its own budget of 130 KiB (issue 16)', () => {
    const sized = (kib: number) => `export const x="${crypto.randomBytes(Math.round(kib * 1024)).toString('base64')}";`;
    const build = (kib: number) =>
      fakeBuild(
        { ...shell, 'content-1.js': { code: sized(kib), sources: ['app/routes/content.$slug/route.tsx'] } },
        { root: { module: 'root-1.js' }, 'routes/content.$slug': { parentId: 'root', module: 'content-1.js' } },
      );
    // about 135 KiB: within the 150 of other pages, over the content page's own 130
    const over = checkBudget(build(135));
    expect(over.problems).toHaveLength(1);
    expect(over.problems[0]).toMatch(/^content\.\$slug: \d+\.\d KiB of gzipped JavaScript \(its own budget 130 KiB\); biggest chunks: \/assets\/content-1\.js/);
    expect(checkBudget(build(120)).problems).toEqual([]);
  });
});
