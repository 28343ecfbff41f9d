import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import sharp from 'sharp';
import type { Storage } from '~/server/storage/storage.server';

/**
 * The demo's pictures (issue 14), drawn at seed time: booth fronts, stand and hall panoramas, hall interiors, the
 * foyer, stage and on-demand pictures, organisation logos and content previews. Each kind is an SVG scene in
 * perspective rendered to WebP by sharp; no binary file is committed and nothing is fetched. The same seed text
 * always gives the same picture (colours and layout come from a hash of it), so a re-seeded demo looks the same.
 */

export interface Picture {
  bytes: Buffer;
  width: number;
  height: number;
  mimeType: 'image/webp';
  extension: 'webp';
}

/** Where a picture shows something a point should sit on, in percent of its width and height. */
export interface Anchor {
  x: number;
  y: number;
}

// ---------------------------------------------------------------------------------------------------------------
// deterministic randomness and colours

function seedOf(text: string): number {
  return crypto.createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** mulberry32: a small, fast generator; the same seed gives the same sequence. */
function random(text: string): () => number {
  let a = seedOf(text);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Palette {
  /** the brand colour of walls and signs */
  main: string;
  /** a darker shade of it */
  dark: string;
  /** the second colour: stripes, logo marks, screen content */
  accent: string;
  /** the booth's carpet */
  carpet: string;
}

const PALETTES: Palette[] = [
  { main: '#1f4e8c', dark: '#132f55', accent: '#f0a202', carpet: '#3b4a5e' },
  { main: '#c0392b', dark: '#7b241c', accent: '#f5f5f5', carpet: '#4a3b3b' },
  { main: '#1e8c6e', dark: '#125443', accent: '#ffd166', carpet: '#34493f' },
  { main: '#6c4a9e', dark: '#40295f', accent: '#4ecdc4', carpet: '#3d3550' },
  { main: '#e07a1f', dark: '#8f4a0e', accent: '#283853', carpet: '#4d4338' },
  { main: '#283853', dark: '#151e2e', accent: '#e45364', carpet: '#2f3644' },
  { main: '#0f7ea8', dark: '#0a4f69', accent: '#ff6b6b', carpet: '#2e4652' },
  { main: '#7a8b1f', dark: '#4b5613', accent: '#ffffff', carpet: '#434834' },
];

const paletteOf = (text: string): Palette => PALETTES[seedOf(`palette:${text}`) % PALETTES.length]!;

const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"`;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** A font size at which `text` fits `width` (an average glyph is about 0.6 em wide), at most `max`. */
function fitSize(text: string, width: number, max: number): number {
  return Math.max(6, Math.min(max, width / (Math.max(text.length, 1) * 0.64)));
}

function text(value: string, x: number, y: number, size: number, fill: string, extra = ''): string {
  const font = extra.includes('font-family') ? '' : FONT;
  return `<text x="${r(x)}" y="${r(y)}" font-size="${r(size)}" fill="${fill}" ${font} ${extra}>${escapeXml(value)}</text>`;
}

/** Rounded to one decimal: shorter SVG, same picture. */
const r = (n: number) => Math.round(n * 10) / 10;
const pts = (points: [number, number][]) => points.map(([x, y]) => `${r(x)},${r(y)}`).join(' ');
const poly = (points: [number, number][], fill: string, extra = '') => `<polygon points="${pts(points)}" fill="${fill}" ${extra}/>`;

const initials = (name: string) =>
  name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1 && !/^(gmbh|ag|kg|und|co|the|of)$/i.test(w))
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || name.slice(0, 1).toUpperCase();

/** A logo-like mark: one of a few geometric shapes with the initials, centred on (x, y), `size` wide. */
function logoMark(name: string, x: number, y: number, size: number, colour: string, background: string): string {
  const shape = seedOf(`logo:${name}`) % 4;
  const h = size / 2;
  const body =
    shape === 0
      ? `<circle cx="${r(x)}" cy="${r(y)}" r="${r(h)}" fill="${colour}"/>`
      : shape === 1
        ? poly(
            [0, 1, 2, 3, 4, 5].map((i) => [x + h * Math.cos((Math.PI / 3) * i + Math.PI / 6), y + h * Math.sin((Math.PI / 3) * i + Math.PI / 6)] as [number, number]),
            colour,
          )
        : shape === 2
          ? `<rect x="${r(x - h)}" y="${r(y - h)}" width="${r(size)}" height="${r(size)}" rx="${r(size * 0.22)}" fill="${colour}"/>`
          : poly([[x, y - h], [x + h, y], [x, y + h], [x - h, y]], colour);
  const letters = initials(name);
  return `${body}<circle cx="${r(x + h * 0.55)}" cy="${r(y - h * 0.55)}" r="${r(size * 0.1)}" fill="${background}" opacity=".85"/>${text(letters, x, y + size * 0.14, size * (letters.length > 1 ? 0.36 : 0.46), background, 'text-anchor="middle" font-weight="bold"')}`;
}

/** A potted plant standing on the floor at (x, y), `height` tall. */
function plant(x: number, y: number, height: number, rand: () => number): string {
  const potW = height * 0.32;
  const potH = height * 0.28;
  const pot = poly(
    [
      [x - potW / 2, y - potH],
      [x + potW / 2, y - potH],
      [x + potW * 0.38, y],
      [x - potW * 0.38, y],
    ],
    '#3b3f46',
  );
  const leaves: string[] = [];
  const greens = ['#2f7d32', '#3f9a43', '#276b2a', '#4caf50', '#1f5f22'];
  for (let i = 0; i < 14; i += 1) {
    const angle = -90 + (rand() - 0.5) * 150;
    const length = height * (0.35 + rand() * 0.4);
    const cx = x + Math.cos((angle * Math.PI) / 180) * length * 0.5;
    const cy = y - potH + Math.sin((angle * Math.PI) / 180) * length * 0.5;
    leaves.push(
      `<ellipse cx="${r(cx)}" cy="${r(cy)}" rx="${r(length / 2)}" ry="${r(length * 0.16)}" fill="${greens[i % greens.length]}" transform="rotate(${r(angle)} ${r(cx)} ${r(cy)})"/>`,
    );
  }
  return `<g>${leaves.join('')}${pot}</g>`;
}

/** A visitor seen from behind or the side, standing at (x, y) (feet), `height` tall. */
function person(x: number, y: number, height: number, rand: () => number): string {
  const coats = ['#2d3142', '#4f5d75', '#1b263b', '#6b2737', '#33415c', '#5c4d3c', '#264653'];
  const coat = coats[Math.floor(rand() * coats.length)]!;
  const w = height * 0.26;
  const head = height * 0.075;
  return `<g opacity=".92"><rect x="${r(x - w * 0.32)}" y="${r(y - height * 0.48)}" width="${r(w * 0.26)}" height="${r(height * 0.48)}" fill="#20232a"/><rect x="${r(x + w * 0.06)}" y="${r(y - height * 0.48)}" width="${r(w * 0.26)}" height="${r(height * 0.48)}" fill="#20232a"/><rect x="${r(x - w / 2)}" y="${r(y - height * 0.84)}" width="${r(w)}" height="${r(height * 0.42)}" rx="${r(w * 0.3)}" fill="${coat}"/><circle cx="${r(x)}" cy="${r(y - height * 0.84 - head * 0.9)}" r="${r(head)}" fill="#e0b48f"/><path d="M${r(x - head)},${r(y - height * 0.84 - head)} a${r(head)},${r(head)} 0 0 1 ${r(head * 2)},0 z" fill="#3a2a1f"/></g>`;
}

/**
 * Where rendered pictures are kept between seeds (tests seed the demo again and again): named by a hash of the
 * scene, so a changed drawing is rendered anew. DEMO_PICTURE_CACHE=off renders every time.
 */
const CACHE_DIR = process.env.DEMO_PICTURE_CACHE ?? path.join(os.tmpdir(), 'fairplatform-demo-pictures');
const memory = new Map<string, Promise<Buffer>>();

async function encode(svg: string, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: 72 }).resize(width, height).webp({ quality: 80, effort: 2 }).toBuffer();
}

async function render(svg: string, width: number, height: number): Promise<Picture> {
  const key = crypto.createHash('sha256').update(`v1|${width}x${height}|${svg}`).digest('hex');
  let job = memory.get(key);
  if (!job) {
    job = (async () => {
      if (CACHE_DIR === 'off') return encode(svg, width, height);
      const file = path.join(CACHE_DIR, `${key}.webp`);
      const kept = await fs.readFile(file).catch(() => null);
      if (kept) return kept;
      const bytes = await encode(svg, width, height);
      // written under a temporary name first, so a parallel seed never reads half a picture
      const temporary = `${file}.${process.pid}.${crypto.randomUUID()}`;
      await fs
        .mkdir(CACHE_DIR, { recursive: true })
        .then(() => fs.writeFile(temporary, bytes))
        .then(() => fs.rename(temporary, file))
        .catch(() => fs.rm(temporary, { force: true }));
      return bytes;
    })();
    memory.set(key, job);
    job.catch(() => memory.delete(key));
  }
  return { bytes: await job, width, height, mimeType: 'image/webp', extension: 'webp' };
}

const svgOpen = (width: number, height: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`;

// ---------------------------------------------------------------------------------------------------------------
// a stand: the booth's front, as a visitor standing in the aisle sees it

/**
 * A booth front (16:9 by default) or a stand panorama (2:1): carpet and hall floor in perspective, side walls, the
 * back wall in the exhibitor's colour with its name and logo mark, a screen (two on a panorama), a counter with
 * the logo, bar stools, plants, a brochure rack and spotlights.
 */
function boothSvg(name: string, tagline: string, width: number, height: number): string {
  const W = width;
  const H = height;
  const p = paletteOf(name);
  const rand = random(`booth:${name}`);
  const wide = W / H > 1.9;
  const vx = W / 2;
  const vy = H * 0.47;
  // the back wall's corners
  const bl = wide ? W * 0.12 : W * 0.13;
  const br = W - bl;
  const bt = H * 0.1;
  const bb = H * 0.72;
  // a line from the vanishing point through (x, y), continued to the picture's edge at yEdge
  const toward = (x: number, y: number, yEdge: number): [number, number] => [vx + ((x - vx) * (yEdge - vy)) / (y - vy), yEdge];
  const floorLeft = toward(bl, bb, H);
  const floorRight = toward(br, bb, H);
  const ceilingLeft = toward(bl, bt, 0);
  const ceilingRight = toward(br, bt, 0);

  const parts: string[] = [svgOpen(W, H)];
  parts.push(`<defs>
    <linearGradient id="hall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#10151f"/><stop offset="1" stop-color="#2c3444"/></linearGradient>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.main}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
    <linearGradient id="side" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#d9dde3"/><stop offset="1" stop-color="#f4f5f7"/></linearGradient>
    <linearGradient id="sideR" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="#c9ced6"/><stop offset="1" stop-color="#eceef1"/></linearGradient>
    <linearGradient id="carpet" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.carpet}"/><stop offset="1" stop-color="#1c2029"/></linearGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.main}"/><stop offset=".55" stop-color="#0b1320"/><stop offset="1" stop-color="${p.accent}"/></linearGradient>
    <linearGradient id="counter" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#d5d9df"/></linearGradient>
    <radialGradient id="spot" cx=".5" cy="0" r="1"><stop offset="0" stop-color="#fff7e0" stop-opacity=".55"/><stop offset="1" stop-color="#fff7e0" stop-opacity="0"/></radialGradient>
    <radialGradient id="vignette" cx=".5" cy=".45" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".45"/></radialGradient>
  </defs>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#hall)"/>`);
  // the hall around the booth: distant ceiling lights
  for (let i = 0; i < 9; i += 1) {
    const x = W * (0.05 + i * 0.113);
    parts.push(`<ellipse cx="${r(x)}" cy="${r(H * 0.03)}" rx="${r(W * 0.012)}" ry="${r(H * 0.006)}" fill="#fff6d5" opacity=".8"/>`);
  }
  // hall floor and the booth's carpet in perspective
  parts.push(`<rect y="${r(bb)}" width="${W}" height="${r(H - bb)}" fill="#8d939c"/>`);
  parts.push(poly([[bl, bb], [br, bb], floorRight, floorLeft], 'url(#carpet)'));
  for (let i = 1; i < 12; i += 1) {
    const x = bl + ((br - bl) * i) / 12;
    parts.push(`<line x1="${r(x)}" y1="${r(bb)}" x2="${r(toward(x, bb, H)[0])}" y2="${H}" stroke="#ffffff" stroke-opacity=".05" stroke-width="2"/>`);
  }
  for (let i = 1; i < 7; i += 1) {
    const y = bb + (H - bb) * (1 - 1 / (1 + i * 0.45));
    parts.push(`<line x1="0" y1="${r(y)}" x2="${W}" y2="${r(y)}" stroke="#000" stroke-opacity=".08" stroke-width="2"/>`);
  }
  // side walls
  parts.push(poly([ceilingLeft, [bl, bt], [bl, bb], floorLeft], 'url(#side)'));
  parts.push(poly([ceilingRight, [br, bt], [br, bb], floorRight], 'url(#sideR)'));
  parts.push(poly([[0, 0], ceilingLeft, floorLeft, [0, H]], '#e8eaee', 'opacity=".0"'));
  // a coloured stripe along each side wall, pointing to the back wall
  const stripe = (x: number, y1: number, y2: number, xEdge: number): [number, number][] => {
    const a = toward(x, y1, 0);
    const b = toward(x, y2, 0);
    const t = (xEdge - vx) / (a[0] - vx);
    return [
      [x, y1],
      [x, y2],
      [vx + (b[0] - vx) * t, vy + (b[1] - vy) * t],
      [vx + (a[0] - vx) * t, vy + (a[1] - vy) * t],
    ];
  };
  parts.push(poly(stripe(bl, bb - (bb - bt) * 0.32, bb - (bb - bt) * 0.24, 0), p.main, 'opacity=".85"'));
  parts.push(poly(stripe(br, bb - (bb - bt) * 0.32, bb - (bb - bt) * 0.24, W), p.main, 'opacity=".85"'));
  // back wall with the fascia
  const ww = br - bl;
  const wh = bb - bt;
  parts.push(`<rect x="${r(bl)}" y="${r(bt)}" width="${r(ww)}" height="${r(wh)}" fill="url(#wall)"/>`);
  const fasciaH = wh * 0.2;
  parts.push(`<rect x="${r(bl)}" y="${r(bt)}" width="${r(ww)}" height="${r(fasciaH)}" fill="#fbfbfc"/>`);
  parts.push(`<rect x="${r(bl)}" y="${r(bt + fasciaH)}" width="${r(ww)}" height="${r(wh * 0.015)}" fill="${p.accent}"/>`);
  const markSize = fasciaH * 0.72;
  const nameSize = fitSize(name, ww * 0.62, fasciaH * 0.5);
  const nameWidth = name.length * nameSize * 0.6;
  const groupWidth = markSize + fasciaH * 0.3 + nameWidth;
  const gx = bl + (ww - groupWidth) / 2;
  parts.push(logoMark(name, gx + markSize / 2, bt + fasciaH / 2, markSize, p.main, '#ffffff'));
  parts.push(text(name, gx + markSize + fasciaH * 0.3, bt + fasciaH / 2 + nameSize * 0.36, nameSize, p.dark, 'font-weight="bold"'));
  // spotlights on the fascia and their light on the wall
  const spots = wide ? 6 : 4;
  for (let i = 0; i < spots; i += 1) {
    const x = bl + (ww * (i + 0.5)) / spots;
    parts.push(`<rect x="${r(x - W * 0.006)}" y="${r(bt - H * 0.035)}" width="${r(W * 0.012)}" height="${r(H * 0.04)}" rx="3" fill="#2b2f36"/>`);
    parts.push(poly([[x - ww * 0.02, bt + fasciaH], [x + ww * 0.02, bt + fasciaH], [x + ww * 0.11, bb], [x - ww * 0.11, bb]], 'url(#spot)'));
  }
  // wall graphics: a big logo mark with the tagline, product bands
  const gy = bt + fasciaH + wh * 0.12;
  const big = wh * 0.26;
  const leftBlock = bl + ww * (wide ? 0.06 : 0.07);
  parts.push(logoMark(name, leftBlock + big / 2, gy + big / 2, big, p.accent, p.dark));
  const tagSize = fitSize(tagline, ww * (wide ? 0.3 : 0.36), wh * 0.06);
  parts.push(text(tagline, leftBlock, gy + big + wh * 0.1, tagSize, '#ffffff', 'font-weight="bold"'));
  for (let i = 0; i < 3; i += 1) {
    const lw = ww * (0.18 + rand() * 0.12);
    parts.push(`<rect x="${r(leftBlock)}" y="${r(gy + big + wh * (0.15 + i * 0.045))}" width="${r(lw)}" height="${r(wh * 0.018)}" rx="3" fill="#ffffff" opacity=".55"/>`);
  }
  // screens with a chart
  const screen = (sx: number, sy: number, sw: number, sh: number, seedText: string) => {
    const rs = random(seedText);
    const bars: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const bh = sh * (0.15 + rs() * 0.5);
      bars.push(`<rect x="${r(sx + sw * (0.1 + i * 0.13))}" y="${r(sy + sh * 0.88 - bh)}" width="${r(sw * 0.08)}" height="${r(bh)}" fill="${i % 2 ? p.accent : '#ffffff'}" opacity=".8"/>`);
    }
    return `<rect x="${r(sx - sw * 0.02)}" y="${r(sy - sw * 0.02)}" width="${r(sw * 1.04)}" height="${r(sh + sw * 0.04)}" rx="6" fill="#111317"/><rect x="${r(sx)}" y="${r(sy)}" width="${r(sw)}" height="${r(sh)}" fill="url(#screen)"/>${bars.join('')}${text(name, sx + sw * 0.08, sy + sh * 0.2, fitSize(name, sw * 0.7, sh * 0.1), '#ffffff', 'font-weight="bold"')}<rect x="${r(sx + sw * 0.47)}" y="${r(sy + sh + sw * 0.02)}" width="${r(sw * 0.06)}" height="${r(sh * 0.12)}" fill="#2b2f36"/>`;
  };
  const sw = ww * (wide ? 0.24 : 0.32);
  const sh = sw * 0.5625;
  parts.push(screen(bl + ww * (wide ? 0.66 : 0.6), gy, sw, sh, `screen1:${name}`));
  if (wide) parts.push(screen(bl + ww * 0.38, gy + wh * 0.04, sw * 0.8, sh * 0.8, `screen2:${name}`));
  // brochure rack
  const rackX = bl + ww * (wide ? 0.94 : 0.9);
  parts.push(`<rect x="${r(rackX - ww * 0.03)}" y="${r(bb - wh * 0.42)}" width="${r(ww * 0.06)}" height="${r(wh * 0.42)}" fill="#b8bec7"/>`);
  for (let i = 0; i < 4; i += 1) {
    parts.push(`<rect x="${r(rackX - ww * 0.024)}" y="${r(bb - wh * (0.4 - i * 0.1))}" width="${r(ww * 0.048)}" height="${r(wh * 0.07)}" fill="${i % 2 ? p.main : p.accent}"/>`);
  }
  // counter: top in perspective, a front with the logo
  const cl = W * (wide ? 0.36 : 0.3);
  const cr = W * (wide ? 0.64 : 0.66);
  const ct = H * 0.62;
  const cb = H * 0.86;
  parts.push(`<ellipse cx="${r((cl + cr) / 2)}" cy="${r(cb)}" rx="${r((cr - cl) * 0.62)}" ry="${r(H * 0.025)}" fill="#000" opacity=".35"/>`);
  parts.push(poly([[cl + W * 0.02, ct - H * 0.035], [cr - W * 0.02, ct - H * 0.035], [cr, ct], [cl, ct]], '#f7f8fa'));
  parts.push(`<rect x="${r(cl)}" y="${r(ct)}" width="${r(cr - cl)}" height="${r(cb - ct)}" fill="url(#counter)"/>`);
  parts.push(`<rect x="${r(cl)}" y="${r(ct + (cb - ct) * 0.72)}" width="${r(cr - cl)}" height="${r((cb - ct) * 0.1)}" fill="${p.main}"/>`);
  parts.push(logoMark(name, (cl + cr) / 2, ct + (cb - ct) * 0.38, (cb - ct) * 0.42, p.main, '#ffffff'));
  // a laptop and a cup on the counter
  parts.push(poly([[cl + (cr - cl) * 0.12, ct - H * 0.012], [cl + (cr - cl) * 0.3, ct - H * 0.012], [cl + (cr - cl) * 0.28, ct - H * 0.075], [cl + (cr - cl) * 0.14, ct - H * 0.075]], '#3a3f47'));
  parts.push(`<rect x="${r(cl + (cr - cl) * 0.8)}" y="${r(ct - H * 0.04)}" width="${r(W * 0.012)}" height="${r(H * 0.03)}" rx="2" fill="${p.accent}"/>`);
  // bar stools
  for (const sx of [cl - W * 0.05, cr + W * 0.05]) {
    parts.push(`<rect x="${r(sx - 3)}" y="${r(ct + H * 0.02)}" width="6" height="${r(cb - ct)}" fill="#9aa1ab"/><ellipse cx="${r(sx)}" cy="${r(ct + H * 0.02)}" rx="${r(W * 0.022)}" ry="${r(H * 0.014)}" fill="#2b2f36"/><ellipse cx="${r(sx)}" cy="${r(cb + H * 0.02)}" rx="${r(W * 0.018)}" ry="${r(H * 0.008)}" fill="#6b7280"/>`);
  }
  // plants at both sides
  parts.push(plant(W * (wide ? 0.09 : 0.08), H * 0.95, H * 0.42, rand));
  parts.push(plant(W * (wide ? 0.91 : 0.92), H * 0.95, H * 0.38, rand));
  parts.push(`<rect width="${W}" height="${H}" fill="url(#vignette)"/>`);
  parts.push('</svg>');
  return parts.join('');
}

/** A stand's front as a visitor in the aisle sees it (1280×720 unless given). */
export function boothPicture(name: string, tagline: string, size: { width: number; height: number } = { width: 1280, height: 720 }): Promise<Picture> {
  return render(boothSvg(name, tagline, size.width, size.height), size.width, size.height);
}

/** A stand's panorama (2:1, 2048×1024): the whole booth with two screens, for panorama views and virtual rooms. */
export function standPanorama(name: string, tagline: string): Promise<Picture> {
  return render(boothSvg(name, tagline, 2048, 1024), 2048, 1024);
}

/**
 * A stand's panorama and its front (16:9, 1280×720) cut from the panorama's middle: one drawing for both, so
 * the seed renders a stand once (the cut is cheap, the drawing is not).
 */
export async function standPictures(name: string, tagline: string): Promise<{ panorama: Picture; front: Picture }> {
  const panorama = await standPanorama(name, tagline);
  const cut = Math.round((2048 - (1024 * 16) / 9) / 2);
  const bytes = await sharp(panorama.bytes)
    .extract({ left: cut, top: 0, width: 2048 - 2 * cut, height: 1024 })
    .resize(1280, 720)
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
  return { panorama, front: { bytes, width: 1280, height: 720, mimeType: 'image/webp', extension: 'webp' } };
}

// ---------------------------------------------------------------------------------------------------------------
// a hall: rows of booths along the aisle, trusses, signs

/** A simple camera: x to the right, y up from the floor, z into the picture (metres). */
function camera(W: number, H: number, focal: number, horizon: number, eye = 1.7) {
  return (x: number, y: number, z: number): [number, number] => [W / 2 + (x * focal) / z, horizon + ((eye - y) * focal) / z];
}

const FILLER_EXHIBITORS = [
  'Hansa Fördertechnik',
  'Lumen Optics',
  'Stahlbau Krüger',
  'Nordlicht Energie',
  'Pixelwerk',
  'Fluidtec',
  'Alpen Robotics',
  'Kessler & Söhne',
  'Quantum Sensors',
  'Werkstatt 4.0',
  'Blau Logistik',
  'Vektor Systems',
];

/**
 * A hall interior: a central aisle in perspective with booths on both sides (their hanging signs name the
 * exhibitors, the nearest the hall's own stands), a banner with the hall's name, ceiling trusses with lights and
 * visitors in the aisle.
 */
function hallSvg(hallName: string, standNames: string[], W: number, H: number): string {
  const rand = random(`hall:${hallName}`);
  const wide = W / H > 1.9;
  const horizon = H * 0.5;
  const P = camera(W, H, W * (wide ? 0.36 : 0.5), horizon);
  const hall = paletteOf(hallName);
  const parts: string[] = [svgOpen(W, H)];
  parts.push(`<defs>
    <linearGradient id="ceiling" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0c111a"/><stop offset="1" stop-color="#2a3242"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9aa0a8"/><stop offset="1" stop-color="#5d636c"/></linearGradient>
    <radialGradient id="lamp" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#fff8dc"/><stop offset=".4" stop-color="#fff1b8" stop-opacity=".6"/><stop offset="1" stop-color="#fff1b8" stop-opacity="0"/></radialGradient>
    <radialGradient id="glow" cx=".5" cy=".35" r=".7"><stop offset="0" stop-color="#fff" stop-opacity=".18"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    <radialGradient id="vignette" cx=".5" cy=".5" r=".75"><stop offset=".55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".5"/></radialGradient>
  </defs>`);
  parts.push(`<rect width="${W}" height="${r(horizon)}" fill="url(#ceiling)"/><rect y="${r(horizon)}" width="${W}" height="${r(H - horizon)}" fill="url(#floor)"/>`);
  const far = 90;
  // the far wall with a window band
  const [fx1, fy1] = P(-30, 14, far);
  const [fx2, fy2] = P(30, 0, far);
  parts.push(`<rect x="${r(fx1)}" y="${r(fy1)}" width="${r(fx2 - fx1)}" height="${r(fy2 - fy1)}" fill="#3b4556"/>`);
  parts.push(`<rect x="${r(fx1)}" y="${r(fy1 + (fy2 - fy1) * 0.15)}" width="${r(fx2 - fx1)}" height="${r((fy2 - fy1) * 0.2)}" fill="#a9c7e8" opacity=".6"/>`);
  // floor: the aisle's carpet and tile lines
  parts.push(poly([P(-2.6, 0, 1.2), P(2.6, 0, 1.2), P(2.6, 0, far), P(-2.6, 0, far)], hall.carpet));
  for (let x = -30; x <= 30; x += 3) parts.push(`<line x1="${r(P(x, 0, 1.2)[0])}" y1="${r(P(x, 0, 1.2)[1])}" x2="${r(P(x, 0, far)[0])}" y2="${r(P(x, 0, far)[1])}" stroke="#000" stroke-opacity=".07" stroke-width="1.5"/>`);
  for (let z = 2; z < far; z *= 1.25) parts.push(`<line x1="0" y1="${r(P(0, 0, z)[1])}" x2="${W}" y2="${r(P(0, 0, z)[1])}" stroke="#000" stroke-opacity=".06" stroke-width="1.5"/>`);

  // the booths, far to near; the nearest carry the hall's own stands
  const depth = 7;
  const rows: { z: number; side: -1 | 1; name: string }[] = [];
  const firstZ = 9;
  const count = 10;
  let filler = seedOf(`fillers:${hallName}`) % FILLER_EXHIBITORS.length;
  for (let i = 0; i < count; i += 1) {
    for (const side of [-1, 1] as const) {
      const index = i * 2 + (side === -1 ? 0 : 1);
      const name = index < standNames.length ? standNames[index]! : FILLER_EXHIBITORS[filler++ % FILLER_EXHIBITORS.length]!;
      rows.push({ z: firstZ + i * (depth + 1), side, name });
    }
  }
  for (const booth of [...rows].reverse()) {
    const p = paletteOf(booth.name);
    const s = booth.side;
    const inner = 3.2 * s;
    const outer = 14 * s;
    const z1 = booth.z;
    const z2 = booth.z + depth;
    const wallH = 3.5;
    // carpet
    parts.push(poly([P(inner, 0, z1), P(outer, 0, z1), P(outer, 0, z2), P(inner, 0, z2)], p.carpet));
    // back wall along the hall's side
    parts.push(poly([P(outer, 0, z1), P(outer, wallH, z1), P(outer, wallH, z2), P(outer, 0, z2)], p.main));
    parts.push(poly([P(outer, wallH * 0.78, z1), P(outer, wallH, z1), P(outer, wallH, z2), P(outer, wallH * 0.78, z2)], '#f4f5f7'));
    // the dividing wall at the booth's far end, facing the visitor
    const [dx1, dy1] = P(outer, wallH * 0.8, z2);
    const [dx2, dy2] = P(outer - s * 4.5, 0, z2);
    parts.push(`<rect x="${r(Math.min(dx1, dx2))}" y="${r(dy1)}" width="${r(Math.abs(dx2 - dx1))}" height="${r(dy2 - dy1)}" fill="${p.main}"/>`);
    parts.push(`<rect x="${r(Math.min(dx1, dx2))}" y="${r(dy1)}" width="${r(Math.abs(dx2 - dx1))}" height="${r((dy2 - dy1) * 0.22)}" fill="#f4f5f7"/>`);
    parts.push(`<rect x="${r(Math.min(dx1, dx2))}" y="${r(dy1 + (dy2 - dy1) * 0.62)}" width="${r(Math.abs(dx2 - dx1))}" height="${r((dy2 - dy1) * 0.06)}" fill="${p.accent}"/>`);
    // a screen on the back wall
    parts.push(poly([P(outer - s * 0.05, 1.4, z1 + 2), P(outer - s * 0.05, 2.4, z1 + 2), P(outer - s * 0.05, 2.4, z1 + 4), P(outer - s * 0.05, 1.4, z1 + 4)], '#101318'));
    // counter at the aisle
    const cz1 = z1 + 1.2;
    const cz2 = z1 + 3.2;
    const cx = inner + s * 0.4;
    parts.push(poly([P(cx, 0, cz1), P(cx, 1.1, cz1), P(cx, 1.1, cz2), P(cx, 0, cz2)], '#f7f8fa'));
    parts.push(poly([P(cx, 0.15, cz1), P(cx, 0.35, cz1), P(cx, 0.35, cz2), P(cx, 0.15, cz2)], p.main));
    const [fcx1, fcy1] = P(cx, 1.1, cz1);
    const [fcx2, fcy2] = P(cx + s * 1.2, 0, cz1);
    parts.push(`<rect x="${r(Math.min(fcx1, fcx2))}" y="${r(fcy1)}" width="${r(Math.abs(fcx2 - fcx1))}" height="${r(fcy2 - fcy1)}" fill="#e3e6ea"/>`);
    // the hanging sign, facing the visitor, with name and logo mark
    const signZ = z1 + depth / 2;
    const [sx1, sy1] = P((inner + outer) / 2 - 3.6, 6.6, signZ);
    const [sx2, sy2] = P((inner + outer) / 2 + 3.6, 5.3, signZ);
    const sw = sx2 - sx1;
    const sh = sy2 - sy1;
    const [cable] = P((inner + outer) / 2, 12, signZ);
    parts.push(`<line x1="${r(cable)}" y1="${r(P(0, 12, signZ)[1])}" x2="${r(cable)}" y2="${r(sy1)}" stroke="#0b0d12" stroke-width="${r(Math.max(1, sw * 0.006))}"/>`);
    parts.push(`<rect x="${r(sx1)}" y="${r(sy1)}" width="${r(sw)}" height="${r(sh)}" fill="${p.main}"/><rect x="${r(sx1)}" y="${r(sy1 + sh * 0.86)}" width="${r(sw)}" height="${r(sh * 0.14)}" fill="${p.accent}"/>`);
    if (sh > 9) {
      const mark = sh * 0.6;
      parts.push(logoMark(booth.name, sx1 + sh * 0.45, sy1 + sh * 0.45, mark, '#ffffff', p.main));
      const size = fitSize(booth.name, sw - sh * 1.0, sh * 0.36);
      parts.push(text(booth.name, sx1 + sh * 0.85, sy1 + sh * 0.45 + size * 0.36, size, '#ffffff', 'font-weight="bold"'));
    }
    // a plant at the booth's front corner
    if (z1 < 40) {
      const [px, py] = P(inner + s * 0.3, 0, z2 - 0.6);
      const ph = P(0, 1.4, z2 - 0.6)[1];
      parts.push(plant(px, py, py - ph, rand));
    }
  }
  // trusses across the hall with lights, and two along it
  for (let z = 6; z < far; z += 8) {
    const [ax, ay] = P(-30, 11, z);
    const [bx, by] = P(30, 11, z);
    const [, ay2] = P(-30, 10.2, z);
    const thick = Math.max(1, (ay2 - ay) * 0.12);
    parts.push(`<line x1="${r(ax)}" y1="${r(ay)}" x2="${r(bx)}" y2="${r(by)}" stroke="#5b6270" stroke-width="${r(thick)}"/><line x1="${r(ax)}" y1="${r(ay2)}" x2="${r(bx)}" y2="${r(ay2)}" stroke="#5b6270" stroke-width="${r(thick)}"/>`);
    const zig: [number, number][] = [];
    for (let x = -30, i = 0; x <= 30; x += 1.2, i += 1) zig.push(P(x, i % 2 ? 10.2 : 11, z));
    parts.push(`<polyline points="${pts(zig)}" fill="none" stroke="#5b6270" stroke-width="${r(thick * 0.6)}"/>`);
    for (let x = -12; x <= 12; x += 6) {
      const [lx, ly] = P(x, 10, z);
      const lr = (P(0.9, 0, z)[0] - W / 2) * 1.2;
      parts.push(`<circle cx="${r(lx)}" cy="${r(ly)}" r="${r(lr)}" fill="url(#lamp)"/>`);
    }
  }
  for (const x of [-9, 9]) parts.push(`<line x1="${r(P(x, 10.6, 1.5)[0])}" y1="${r(P(x, 10.6, 1.5)[1])}" x2="${r(P(x, 10.6, far)[0])}" y2="${r(P(x, 10.6, far)[1])}" stroke="#4a505c" stroke-width="6"/>`);
  // the hall's banner over the aisle
  const [bx1, by1] = P(-7, 9.4, 24);
  const [bx2, by2] = P(7, 7.2, 24);
  parts.push(`<line x1="${r(bx1 + 10)}" y1="${r(P(0, 11, 24)[1])}" x2="${r(bx1 + 10)}" y2="${r(by1)}" stroke="#111" stroke-width="2"/><line x1="${r(bx2 - 10)}" y1="${r(P(0, 11, 24)[1])}" x2="${r(bx2 - 10)}" y2="${r(by1)}" stroke="#111" stroke-width="2"/>`);
  parts.push(`<rect x="${r(bx1)}" y="${r(by1)}" width="${r(bx2 - bx1)}" height="${r(by2 - by1)}" fill="#ffffff"/><rect x="${r(bx1)}" y="${r(by1)}" width="${r((by2 - by1) * 0.9)}" height="${r(by2 - by1)}" fill="${hall.main}"/>`);
  const hallNo = /\d+/.exec(hallName)?.[0] ?? initials(hallName);
  parts.push(text(hallNo, bx1 + (by2 - by1) * 0.45, by1 + (by2 - by1) * 0.72, (by2 - by1) * 0.66, '#ffffff', 'text-anchor="middle" font-weight="bold"'));
  const label = hallName.replace(/^Halle\s*\d+\s*[–-]\s*/, '');
  parts.push(text(label, bx1 + (by2 - by1) * 1.15, by1 + (by2 - by1) * 0.66, fitSize(label, bx2 - bx1 - (by2 - by1) * 1.4, (by2 - by1) * 0.46), hall.dark, 'font-weight="bold"'));
  // visitors in the aisle, far to near
  const people: [number, number][] = [];
  for (let i = 0; i < 14; i += 1) people.push([(rand() - 0.5) * 5, 4 + rand() * 50]);
  people.sort((a, b) => b[1] - a[1]);
  for (const [x, z] of people) {
    const [px, py] = P(x, 0, z);
    const height = py - P(x, 1.75, z)[1];
    parts.push(person(px, py, height, rand));
  }
  parts.push(`<rect width="${W}" height="${H}" fill="url(#glow)"/><rect width="${W}" height="${H}" fill="url(#vignette)"/>`);
  parts.push('</svg>');
  return parts.join('');
}

/** A hall's picture (16:9, 1280×720): the view down its aisle. */
export function hallPicture(hallName: string, standNames: string[]): Promise<Picture> {
  return render(hallSvg(hallName, standNames, 1280, 720), 1280, 720);
}

// ---------------------------------------------------------------------------------------------------------------
// the foyer: an entrance hall with portals and signs

export interface FoyerSign {
  /** what the point there leads to, returned with its anchor */
  key: string;
  label: string;
  /** where it stands: a portal in the back wall (left, centre, right), the side walls, the info desk, a featured stand */
  place: 'back-left' | 'back-centre' | 'back-right' | 'left' | 'right' | 'desk' | 'stand';
}

/**
 * The convention's foyer (2:1, 2048×1024): an entrance hall with a skylight, the convention's banner, portals with
 * signs to the halls and the stage, the info desk and a featured stand. Returns the picture and, per sign, the spot
 * (in percent) where its point belongs.
 */
export async function foyerPicture(title: string, signs: FoyerSign[]): Promise<{ picture: Picture; anchors: Record<string, Anchor> }> {
  const W = 2048;
  const H = 1024;
  const rand = random(`foyer:${title}`);
  const brand = paletteOf(title);
  const horizon = H * 0.52;
  const P = camera(W, H, W * 0.36, horizon);
  const anchors: Record<string, Anchor> = {};
  const anchor = (key: string, [x, y]: [number, number]) => {
    anchors[key] = { x: Math.round((x / W) * 1000) / 10, y: Math.round((y / H) * 1000) / 10 };
  };
  const back = 26;
  const side = 16;
  const top = 13;
  const parts: string[] = [svgOpen(W, H)];
  parts.push(`<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7fb2e5"/><stop offset="1" stop-color="#d6e8f7"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d8d4cc"/><stop offset="1" stop-color="#9c978d"/></linearGradient>
    <linearGradient id="wallL" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#cfd3d9"/><stop offset="1" stop-color="#eef0f3"/></linearGradient>
    <linearGradient id="wallR" x1="1" y1="0" x2="0" y2="0"><stop offset="0" stop-color="#c5cad1"/><stop offset="1" stop-color="#eceef1"/></linearGradient>
    <linearGradient id="portal" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a3140"/><stop offset="1" stop-color="#4b5468"/></linearGradient>
    <linearGradient id="reflect" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
    <radialGradient id="sun" cx=".5" cy="0" r=".9"><stop offset="0" stop-color="#fffbe8" stop-opacity=".5"/><stop offset="1" stop-color="#fffbe8" stop-opacity="0"/></radialGradient>
    <radialGradient id="vignette" cx=".5" cy=".5" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".35"/></radialGradient>
  </defs>`);
  // ceiling with a skylight grid
  parts.push(`<rect width="${W}" height="${r(horizon)}" fill="#e9ebee"/>`);
  parts.push(poly([P(-side, top, 1), P(side, top, 1), P(side, top, back), P(-side, top, back)], '#dfe2e6'));
  parts.push(poly([P(-8, top, 2), P(8, top, 2), P(8, top, back), P(-8, top, back)], 'url(#sky)'));
  for (let z = 2; z <= back; z += 3) parts.push(`<line x1="${r(P(-8, top, z)[0])}" y1="${r(P(-8, top, z)[1])}" x2="${r(P(8, top, z)[0])}" y2="${r(P(8, top, z)[1])}" stroke="#8b94a3" stroke-width="${r(Math.max(1, 30 / z))}"/>`);
  for (let x = -8; x <= 8; x += 2) parts.push(`<line x1="${r(P(x, top, 2)[0])}" y1="${r(P(x, top, 2)[1])}" x2="${r(P(x, top, back)[0])}" y2="${r(P(x, top, back)[1])}" stroke="#8b94a3" stroke-width="3"/>`);
  // floor: polished stone in perspective
  parts.push(`<rect y="${r(horizon)}" width="${W}" height="${r(H - horizon)}" fill="url(#floor)"/>`);
  for (let x = -side; x <= side; x += 2) parts.push(`<line x1="${r(P(x, 0, 1)[0])}" y1="${r(P(x, 0, 1)[1])}" x2="${r(P(x, 0, back)[0])}" y2="${r(P(x, 0, back)[1])}" stroke="#7d786f" stroke-opacity=".35" stroke-width="1.5"/>`);
  for (let z = 1.5; z < back; z *= 1.22) parts.push(`<line x1="0" y1="${r(P(0, 0, z)[1])}" x2="${W}" y2="${r(P(0, 0, z)[1])}" stroke="#7d786f" stroke-opacity=".3" stroke-width="1.5"/>`);
  parts.push(poly([P(-3, 0, 1), P(3, 0, 1), P(3, 0, back), P(-3, 0, back)], brand.main, 'opacity=".55"'));
  // side walls and the back wall
  parts.push(poly([P(-side, top, 1), P(-side, top, back), P(-side, 0, back), P(-side, 0, 1)], 'url(#wallL)'));
  parts.push(poly([P(side, top, 1), P(side, top, back), P(side, 0, back), P(side, 0, 1)], 'url(#wallR)'));
  const [bx1, by1] = P(-side, top, back);
  const [bx2, by2] = P(side, 0, back);
  parts.push(`<rect x="${r(bx1)}" y="${r(by1)}" width="${r(bx2 - bx1)}" height="${r(by2 - by1)}" fill="#f3f4f6"/>`);
  // the convention's banner across the back wall
  const [tx1, ty1] = P(-10, 11.6, back);
  const [tx2, ty2] = P(10, 9, back);
  parts.push(`<rect x="${r(tx1)}" y="${r(ty1)}" width="${r(tx2 - tx1)}" height="${r(ty2 - ty1)}" fill="${brand.main}"/><rect x="${r(tx1)}" y="${r(ty2 - (ty2 - ty1) * 0.1)}" width="${r(tx2 - tx1)}" height="${r((ty2 - ty1) * 0.1)}" fill="${brand.accent}"/>`);
  parts.push(text(title, (tx1 + tx2) / 2, ty1 + (ty2 - ty1) * 0.64, fitSize(title, (tx2 - tx1) * 0.9, (ty2 - ty1) * 0.5), '#ffffff', 'text-anchor="middle" font-weight="bold"'));

  // a sign with an arrow: facing the visitor, centred on (x, y) (pixels), `h` high
  const signBoard = (label: string, x: number, y: number, h: number, arrow: 'left' | 'right' | 'up') => {
    const size = h * 0.5;
    const w = Math.max(h * 3, label.length * size * 0.7 + h * 1.5);
    const ax = x - w / 2 + h * 0.55;
    const ay = y;
    const a = h * 0.28;
    const shape: [number, number][] =
      arrow === 'left'
        ? [[ax - a, ay], [ax, ay - a], [ax, ay - a * 0.4], [ax + a, ay - a * 0.4], [ax + a, ay + a * 0.4], [ax, ay + a * 0.4], [ax, ay + a]]
        : arrow === 'right'
          ? [[ax + a, ay], [ax, ay - a], [ax, ay - a * 0.4], [ax - a, ay - a * 0.4], [ax - a, ay + a * 0.4], [ax, ay + a * 0.4], [ax, ay + a]]
          : [[ax, ay - a], [ax + a, ay], [ax + a * 0.4, ay], [ax + a * 0.4, ay + a], [ax - a * 0.4, ay + a], [ax - a * 0.4, ay], [ax - a, ay]];
    return `<rect x="${r(x - w / 2)}" y="${r(y - h / 2)}" width="${r(w)}" height="${r(h)}" rx="${r(h * 0.12)}" fill="#1d2a44"/>${poly(shape, brand.accent)}${text(label, x - w / 2 + h * 1.1, y + size * 0.36, size, '#ffffff', 'font-weight="bold"')}`;
  };
  // a portal in the back wall (x: its centre in metres), with its sign above
  const portal = (sign: FoyerSign, x: number, arrow: 'left' | 'right' | 'up') => {
    const [px1, py1] = P(x - 3, 5, back);
    const [px2, py2] = P(x + 3, 0, back);
    parts.push(`<rect x="${r(px1 - 8)}" y="${r(py1 - 8)}" width="${r(px2 - px1 + 16)}" height="${r(py2 - py1 + 8)}" fill="#b9bec7"/><rect x="${r(px1)}" y="${r(py1)}" width="${r(px2 - px1)}" height="${r(py2 - py1)}" fill="url(#portal)"/>`);
    // light from the hall behind
    parts.push(`<rect x="${r(px1 + (px2 - px1) * 0.08)}" y="${r(py1 + (py2 - py1) * 0.1)}" width="${r((px2 - px1) * 0.84)}" height="${r((py2 - py1) * 0.35)}" fill="#ffe9a8" opacity=".35"/>`);
    const [sx, sy] = P(x, 6.6, back);
    const h = (P(x, 0, back)[1] - P(x, 1.6, back)[1]) * 0.75;
    parts.push(signBoard(sign.label, sx, sy, h, arrow));
    anchor(sign.key, [sx, (py1 + py2) / 2]);
  };
  // a doorway in a side wall (s: -1 left, 1 right) between depths z1 and z2
  const sideDoor = (sign: FoyerSign, s: -1 | 1, z1: number, z2: number) => {
    const x = side * s;
    parts.push(poly([P(x, 4.5, z1), P(x, 4.5, z2), P(x, 0, z2), P(x, 0, z1)], 'url(#portal)'));
    parts.push(poly([P(x, 4.9, z1), P(x, 4.9, z2), P(x, 4.5, z2), P(x, 4.5, z1)], '#b9bec7'));
    const mid = (z1 + z2) / 2;
    // the sign hangs from the ceiling in front of the doorway, facing the visitor
    const [sx, sy] = P(x - s * 3.5, 6.4, mid);
    const h = (P(0, 0, mid)[1] - P(0, 1.2, mid)[1]) * 0.7;
    parts.push(`<line x1="${r(sx)}" y1="${r(P(0, top, mid)[1])}" x2="${r(sx)}" y2="${r(sy - h / 2)}" stroke="#5b6270" stroke-width="2"/>`);
    parts.push(signBoard(sign.label, sx, sy, h, s < 0 ? 'left' : 'right'));
    anchor(sign.key, [sx, sy + h * 1.6]);
  };
  // tall banners on the side walls in the convention's colours, with planters below them
  for (const s of [-1, 1] as const) {
    for (const [z1, z2] of [
      [12, 14],
      [21.5, 24.5],
    ] as const) {
      const x = side * s - s * 0.05;
      parts.push(poly([P(x, 11, z1), P(x, 11, z2), P(x, 3.2, z2), P(x, 3.2, z1)], brand.main));
      parts.push(poly([P(x, 4.2, z1), P(x, 4.2, z2), P(x, 3.2, z2), P(x, 3.2, z1)], brand.accent));
      parts.push(poly([P(x, 9.6, z1 + 0.5), P(x, 9.6, z2 - 0.5), P(x, 7.2, z2 - 0.5), P(x, 7.2, z1 + 0.5)], '#ffffff', 'opacity=".9"'));
      const [px, py] = P(x - s * 0.8, 0, (z1 + z2) / 2);
      parts.push(`<rect x="${r(px - (py - P(x, 0.6, (z1 + z2) / 2)[1]))}" y="${r(P(x, 0.6, (z1 + z2) / 2)[1])}" width="${r((py - P(x, 0.6, (z1 + z2) / 2)[1]) * 2)}" height="${r(py - P(x, 0.6, (z1 + z2) / 2)[1])}" fill="#5b6270"/>`);
      parts.push(plant(px, P(x, 0.6, (z1 + z2) / 2)[1], py - P(x, 2.2, (z1 + z2) / 2)[1], rand));
    }
  }
  // pillars
  for (const x of [-13, 13]) {
    for (const z of [12, 22]) {
      const [cx1, cy1] = P(x - 0.5, top, z);
      const [cx2, cy2] = P(x + 0.5, 0, z);
      parts.push(`<rect x="${r(cx1)}" y="${r(cy1)}" width="${r(cx2 - cx1)}" height="${r(cy2 - cy1)}" fill="#d3d7dd"/><rect x="${r(cx1)}" y="${r(cy1)}" width="${r((cx2 - cx1) * 0.3)}" height="${r(cy2 - cy1)}" fill="#ffffff" opacity=".5"/>`);
    }
  }
  const backSigns = signs.filter((s) => s.place.startsWith('back-'));
  for (const sign of backSigns) {
    if (sign.place === 'back-left') portal(sign, -9.5, 'left');
    if (sign.place === 'back-centre') portal(sign, 0, 'up');
    if (sign.place === 'back-right') portal(sign, 9.5, 'right');
  }
  for (const sign of signs) {
    if (sign.place === 'left') sideDoor(sign, -1, 15, 20);
    if (sign.place === 'right') sideDoor(sign, 1, 15, 20);
  }
  // visitors in the hall
  const people: [number, number][] = [];
  for (let i = 0; i < 16; i += 1) people.push([(rand() - 0.5) * 22, 5.5 + rand() * 19]);
  people.sort((a, b) => b[1] - a[1]);
  for (const [x, z] of people) {
    // nobody stands inside the featured stand or the info desk drawn in front of them
    if (z < 12.5 && (x < -4 || x > 4)) continue;
    const [px, py] = P(x, 0, z);
    parts.push(person(px, py, py - P(x, 1.75, z)[1], rand));
  }
  // a featured stand in the front left, the info desk in the front right
  for (const sign of signs) {
    if (sign.place === 'stand') {
      const p = paletteOf(sign.label);
      const z1 = 9;
      const z2 = 12;
      parts.push(poly([P(-11.5, 0, z1), P(-5, 0, z1), P(-5, 0, z2), P(-11.5, 0, z2)], p.carpet));
      const [wx1, wy1] = P(-11.5, 3.2, z2);
      const [wx2, wy2] = P(-5, 0, z2);
      parts.push(`<rect x="${r(wx1)}" y="${r(wy1)}" width="${r(wx2 - wx1)}" height="${r(wy2 - wy1)}" fill="${p.main}"/><rect x="${r(wx1)}" y="${r(wy1)}" width="${r(wx2 - wx1)}" height="${r((wy2 - wy1) * 0.22)}" fill="#fbfbfc"/>`);
      const fh = (wy2 - wy1) * 0.22;
      parts.push(logoMark(sign.label, wx1 + fh * 0.6, wy1 + fh / 2, fh * 0.75, p.main, '#ffffff'));
      parts.push(text(sign.label, wx1 + fh * 1.15, wy1 + fh * 0.62, fitSize(sign.label, wx2 - wx1 - fh * 1.3, fh * 0.42), p.dark, 'font-weight="bold"'));
      parts.push(logoMark(sign.label, (wx1 + wx2) / 2, wy1 + (wy2 - wy1) * 0.55, (wy2 - wy1) * 0.3, p.accent, p.dark));
      const [kx1, ky1] = P(-9.5, 1.1, z1 + 0.8);
      const [kx2, ky2] = P(-7, 0, z1 + 0.8);
      parts.push(`<rect x="${r(kx1)}" y="${r(ky1)}" width="${r(kx2 - kx1)}" height="${r(ky2 - ky1)}" fill="#f7f8fa"/><rect x="${r(kx1)}" y="${r(ky1 + (ky2 - ky1) * 0.7)}" width="${r(kx2 - kx1)}" height="${r((ky2 - ky1) * 0.1)}" fill="${p.main}"/>`);
      const [ppx, ppy] = P(-5.4, 0, z1 + 0.3);
      parts.push(plant(ppx, ppy, ppy - P(-5.4, 1.5, z1 + 0.3)[1], rand));
      anchor(sign.key, [(wx1 + wx2) / 2, wy1 + (wy2 - wy1) * 0.55]);
    }
    if (sign.place === 'desk') {
      const z = 9;
      const [dx1, dy1] = P(4.5, 1.15, z);
      const [dx2, dy2] = P(10.5, 0, z);
      const [hx, hy] = P(7.5, 0, z + 1.4);
      parts.push(person(hx, hy, hy - P(7.5, 1.75, z + 1.4)[1], rand));
      parts.push(poly([P(4.5, 1.15, z), P(10.5, 1.15, z), P(10.5, 1.15, z + 1), P(4.5, 1.15, z + 1)], '#fafafa'));
      parts.push(`<rect x="${r(dx1)}" y="${r(dy1)}" width="${r(dx2 - dx1)}" height="${r(dy2 - dy1)}" fill="${brand.main}"/><rect x="${r(dx1)}" y="${r(dy1)}" width="${r(dx2 - dx1)}" height="${r((dy2 - dy1) * 0.12)}" fill="${brand.accent}"/>`);
      const h = (dy2 - dy1) * 0.5;
      // the round "i" of an information desk, and its label
      parts.push(`<circle cx="${r(dx1 + h * 0.9)}" cy="${r(dy1 + (dy2 - dy1) * 0.56)}" r="${r(h * 0.55)}" fill="#ffffff"/>${text('i', dx1 + h * 0.9, dy1 + (dy2 - dy1) * 0.56 + h * 0.28, h * 0.8, brand.main, 'text-anchor="middle" font-weight="bold" font-family="DejaVu Serif, serif"')}`);
      parts.push(text(sign.label, dx1 + h * 1.8, dy1 + (dy2 - dy1) * 0.56 + h * 0.2, fitSize(sign.label, dx2 - dx1 - h * 2.2, h * 0.6), '#ffffff', 'font-weight="bold"'));
      anchor(sign.key, [dx1 + h * 0.9, dy1 + (dy2 - dy1) * 0.56]);
    }
  }
  parts.push(`<rect width="${W}" height="${r(horizon)}" fill="url(#sun)"/><rect width="${W}" height="${H}" fill="url(#vignette)"/>`);
  parts.push('</svg>');
  return { picture: await render(parts.join(''), W, H), anchors };
}

// ---------------------------------------------------------------------------------------------------------------
// stages and recordings

/**
 * A stage (16:9, 1280×720): an LED wall with the title, a lectern with a speaker, spotlights and the audience's
 * heads in front. With `live` a red "LIVE" badge on the wall.
 */
function stageSvg(title: string, subtitle: string, options: { speaker: boolean; seedText: string }): string {
  const W = 1280;
  const H = 720;
  const p = paletteOf(options.seedText);
  const rand = random(`stage:${options.seedText}`);
  const parts: string[] = [svgOpen(W, H)];
  parts.push(`<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#07090e"/><stop offset="1" stop-color="#1b2130"/></linearGradient>
    <linearGradient id="led" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.dark}"/><stop offset=".6" stop-color="${p.main}"/><stop offset="1" stop-color="${p.accent}"/></linearGradient>
    <linearGradient id="deck" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#30343d"/><stop offset="1" stop-color="#15171c"/></linearGradient>
    <radialGradient id="beam" cx=".5" cy="0" r="1"><stop offset="0" stop-color="#fff5d6" stop-opacity=".45"/><stop offset="1" stop-color="#fff5d6" stop-opacity="0"/></radialGradient>
  </defs>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#bg)"/>`);
  // truss with lights
  parts.push(`<rect x="0" y="40" width="${W}" height="14" fill="#2e333d"/>`);
  for (let i = 0; i < 8; i += 1) {
    const x = 90 + i * 157;
    parts.push(`<rect x="${x - 10}" y="54" width="20" height="22" rx="4" fill="#111"/>`);
  }
  // LED wall with the title and a graphic
  parts.push(`<rect x="190" y="100" width="900" height="380" fill="url(#led)"/>`);
  for (let i = 0; i < 7; i += 1) {
    parts.push(`<circle cx="${r(830 + rand() * 220)}" cy="${r(140 + rand() * 160)}" r="${r(20 + rand() * 60)}" fill="#ffffff" opacity="${r(0.05 + rand() * 0.12)}"/>`);
  }
  const words = title.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last && (last + ' ' + word).length <= 26) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const shown = lines.slice(0, 3);
  const size = Math.min(56, ...shown.map((l) => fitSize(l, 720, 56)));
  shown.forEach((line, i) => parts.push(text(line, 240, 200 + i * size * 1.2, size, '#ffffff', 'font-weight="bold"')));
  parts.push(text(subtitle, 240, 200 + shown.length * size * 1.2 + 20, fitSize(subtitle, 700, 26), '#ffffff', 'opacity=".85"'));
  parts.push(`<rect x="240" y="${r(200 + shown.length * size * 1.2 + 44)}" width="120" height="8" fill="${p.accent}"/>`);
  // beams on the deck
  parts.push(poly([[300, 76], [340, 76], [520, 560], [120, 560]], 'url(#beam)'));
  parts.push(poly([[940, 76], [980, 76], [1160, 560], [760, 560]], 'url(#beam)'));
  // the stage deck
  parts.push(poly([[60, 520], [1220, 520], [1280, 600], [0, 600]], 'url(#deck)'));
  parts.push(`<rect x="0" y="600" width="${W}" height="120" fill="#0b0d11"/>`);
  // lectern and speaker
  if (options.speaker) {
    parts.push(person(1010, 540, 190, rand));
    parts.push(poly([[900, 440], [990, 440], [980, 545], [910, 545]], '#1f232b'));
    parts.push(`<rect x="895" y="432" width="100" height="14" rx="3" fill="${p.accent}"/>`);
    parts.push(logoMark(options.seedText, 945, 490, 40, p.main, '#ffffff'));
  }
  // the audience's heads
  for (let row = 0; row < 2; row += 1) {
    for (let i = 0; i < 14; i += 1) {
      const x = i * 96 + (row ? 48 : 0) + rand() * 20;
      const y = 680 + row * 40;
      const size = 34 + row * 8;
      parts.push(`<ellipse cx="${r(x)}" cy="${r(y + size)}" rx="${r(size * 1.2)}" ry="${r(size * 0.8)}" fill="#05060a"/><circle cx="${r(x)}" cy="${r(y)}" r="${r(size * 0.55)}" fill="#0a0c11"/>`);
    }
  }
  parts.push('</svg>');
  return parts.join('');
}

/** A stage's own picture (16:9): the empty stage with its name on the LED wall, shown before the stream starts. */
export function stagePicture(title: string, subtitle: string): Promise<Picture> {
  return render(stageSvg(title, subtitle, { speaker: false, seedText: `stage:${title}` }), 1280, 720);
}

/** An on-demand recording's thumbnail (16:9): the talk's title on the LED wall and the speaker at the lectern. */
export function onDemandThumbnail(title: string, subtitle: string): Promise<Picture> {
  return render(stageSvg(title, subtitle, { speaker: true, seedText: `talk:${title}` }), 1280, 720);
}

// ---------------------------------------------------------------------------------------------------------------
// logos and content previews

/** An organisation's logo (square, 512×512): a logo mark in its colour on white with the name underneath. */
export function organizationAvatar(name: string): Promise<Picture> {
  const S = 512;
  const p = paletteOf(name);
  const short = name.replace(/\s+(GmbH|AG|KG|SE|e\.V\.)$/i, '');
  const svg = `${svgOpen(S, S)}<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#e8ebf0"/></linearGradient></defs>
  <rect width="${S}" height="${S}" fill="url(#bg)"/><rect y="${S - 40}" width="${S}" height="40" fill="${p.main}"/><rect y="${S - 48}" width="${S}" height="8" fill="${p.accent}"/>
  ${logoMark(name, S / 2, S * 0.4, S * 0.48, p.main, '#ffffff')}
  ${text(short, S / 2, S * 0.8, fitSize(short, S * 0.86, 46), p.dark, 'text-anchor="middle" font-weight="bold"')}</svg>`;
  return render(svg, S, S);
}

/**
 * A content group's preview (16:9, 1280×720): a document on a desk in the owner's colours. `kind` picks the
 * document: a product sheet, a brochure (a folded booklet) or a video (a player frame).
 */
export function contentPreview(title: string, kind: 'sheet' | 'brochure' | 'video'): Promise<Picture> {
  const W = 1280;
  const H = 720;
  const p = paletteOf(`content:${title}`);
  const rand = random(`content:${title}`);
  const parts: string[] = [svgOpen(W, H)];
  parts.push(`<defs><linearGradient id="desk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.main}"/><stop offset="1" stop-color="${p.dark}"/></linearGradient>
    <linearGradient id="paper" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#eef0f3"/></linearGradient></defs>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#desk)"/>`);
  for (let i = 0; i < 10; i += 1) parts.push(`<circle cx="${r(rand() * W)}" cy="${r(rand() * H)}" r="${r(40 + rand() * 120)}" fill="#ffffff" opacity="${r(0.03 + rand() * 0.05)}"/>`);
  const lines = (x: number, y: number, w: number, n: number) =>
    Array.from({ length: n }, (_, i) => `<rect x="${r(x)}" y="${r(y + i * 26)}" width="${r(w * (0.6 + rand() * 0.4))}" height="12" rx="6" fill="#9aa3b0" opacity=".6"/>`).join('');
  if (kind === 'video') {
    parts.push(`<rect x="220" y="110" width="840" height="480" rx="18" fill="#0d1117" transform="rotate(-2 640 350)"/>`);
    parts.push(`<g transform="rotate(-2 640 350)"><rect x="240" y="130" width="800" height="400" fill="${p.dark}"/>${text(title, 280, 200, fitSize(title, 700, 48), '#ffffff', 'font-weight="bold"')}<circle cx="640" cy="340" r="70" fill="#ffffff" opacity=".92"/>${poly([[618, 300], [618, 380], [688, 340]], p.main)}<rect x="240" y="550" width="800" height="8" rx="4" fill="#3a3f47"/><rect x="240" y="550" width="${r(200 + rand() * 300)}" height="8" rx="4" fill="${p.accent}"/></g>`);
  } else if (kind === 'brochure') {
    parts.push(`<g transform="rotate(-4 640 360)"><rect x="330" y="90" width="300" height="540" fill="url(#paper)"/><rect x="630" y="90" width="320" height="540" fill="#ffffff"/><rect x="630" y="90" width="12" height="540" fill="#000" opacity=".08"/>
      <rect x="330" y="90" width="300" height="300" fill="${p.main}"/>${logoMark(title, 480, 220, 120, '#ffffff', p.main)}${text(title, 350, 440, fitSize(title, 260, 34), p.dark, 'font-weight="bold"')}${lines(350, 480, 250, 5)}
      ${text('2026', 660, 150, 40, p.main, 'font-weight="bold"')}${lines(660, 190, 260, 6)}<rect x="660" y="360" width="260" height="150" fill="${p.accent}" opacity=".7"/>${lines(660, 540, 260, 3)}</g>`);
  } else {
    parts.push(`<g transform="rotate(3 640 360)"><rect x="395" y="75" width="500" height="600" fill="#000" opacity=".25"/><rect x="380" y="60" width="500" height="600" fill="url(#paper)"/>
      <rect x="380" y="60" width="500" height="90" fill="${p.main}"/>${text(title, 410, 118, fitSize(title, 440, 36), '#ffffff', 'font-weight="bold"')}
      <rect x="410" y="180" width="200" height="170" fill="${p.accent}" opacity=".75"/>${logoMark(title, 510, 265, 90, p.dark, '#ffffff')}${lines(630, 190, 220, 6)}${lines(410, 380, 440, 9)}</g>`);
  }
  parts.push('</svg>');
  return render(parts.join(''), W, H);
}

// ---------------------------------------------------------------------------------------------------------------
// storing

/**
 * Stores a picture as a public file of the organisation, the way an upload is stored (a key under org/, the
 * files row with type, size and dimensions); the files route makes its smaller variants on request, as it does
 * for uploads. Returns the file's id.
 */
export async function storePicture(trx: Knex, storage: Storage, organizationId: string, filename: string, picture: Picture): Promise<string> {
  const key = `org/${organizationId}/${crypto.randomUUID()}.${picture.extension}`;
  await storage.put(key, picture.bytes, picture.mimeType);
  const [row] = await trx('files')
    .insert({
      organization_id: organizationId,
      storage_key: key,
      filename: `${filename}.${picture.extension}`,
      mime_type: picture.mimeType,
      size: picture.bytes.length,
      width: picture.width,
      height: picture.height,
      // shown to the visitors of the public demo convention
      is_public: true,
    })
    .returning('id');
  return row.id as string;
}

/**
 * Runs the jobs with at most `limit` at a time and returns their results in order: the seed renders its pictures
 * in parallel without taking every core of a machine that also serves requests.
 */
export async function inParallel<T>(jobs: (() => Promise<T>)[], limit = 3): Promise<T[]> {
  const results = new Array<T>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const index = next++;
      results[index] = await jobs[index]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, worker));
  return results;
}
