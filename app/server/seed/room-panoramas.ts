import sharp from 'sharp';
import type { Picture } from './pictures';

/**
 * The demo showroom's 360° panoramas (issue 17), drawn at seed time: three rooms (a showroom with tables, a product
 * gallery, a lounge) as equirectangular 2:1 pictures. Every wall, table and picture frame is a 3D shape projected
 * the way a panorama camera in the middle of the room sees it (y up, -z is azimuth 0, the picture's middle), so
 * walls bend and corners stand upright as in a real 360° photo. SVG rendered to WebP by sharp; nothing is fetched.
 */

export const ROOM_PANO_WIDTH = 4096;
export const ROOM_PANO_HEIGHT = 2048;
const W = ROOM_PANO_WIDTH;
const H = ROOM_PANO_HEIGHT;
const EYE = 1.6;
const FONT = `font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif"`;

type V3 = [number, number, number];

interface Scene {
  /** half the room's width and depth (a square room), metres */
  half: number;
  ceiling: number;
  wall: string;
  wallShade: string;
  floor: string;
  floorLine: string;
  ceilingColor: string;
}

/** A point seen from the camera (at eye height over the origin) as picture coordinates. */
function project([x, y, z]: V3): [number, number] {
  const azimuth = Math.atan2(x, -z);
  const elevation = Math.atan2(y - EYE, Math.hypot(x, z));
  return [(azimuth / (2 * Math.PI) + 0.5) * W, (0.5 - elevation / Math.PI) * H];
}

/** A straight 3D edge as picture points (sampled, since straight lines bend in a panorama). */
function edge(a: V3, b: V3, steps = 24): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i <= steps; i += 1) {
    const t = i / steps;
    out.push(project([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]));
  }
  return out;
}

const fmt = (points: [number, number][]) => points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');

/** A flat 3D polygon (corners in order) as an SVG polygon. */
function face(corners: V3[], fill: string, extra = ''): string {
  const points: [number, number][] = [];
  corners.forEach((c, i) => points.push(...edge(c, corners[(i + 1) % corners.length]!).slice(0, -1)));
  // a shape across the picture's seam (straight behind the camera) would smear over the whole width: the scenes
  // keep their things off it, and this keeps a mistake from showing
  const xs = points.map(([x]) => x);
  if (Math.max(...xs) - Math.min(...xs) > W / 2) return '';
  return `<polygon points="${fmt(points)}" fill="${fill}" ${extra}/>`;
}

const centre = (corners: V3[]): V3 => corners.reduce<V3>((s, c) => [s[0] + c[0] / corners.length, s[1] + c[1] / corners.length, s[2] + c[2] / corners.length], [0, 0, 0]);
const distance = (p: V3) => Math.hypot(p[0], p[1] - EYE, p[2]);

interface Face {
  corners: V3[];
  fill: string;
}

/** A box standing on the floor (or at `y0`), its sides shaded by the direction they face. */
function box(x: number, z: number, w: number, d: number, y0: number, y1: number, color: string, side: string, top: string): Face[] {
  const [a, b, c, e] = [
    [x - w / 2, z - d / 2],
    [x + w / 2, z - d / 2],
    [x + w / 2, z + d / 2],
    [x - w / 2, z + d / 2],
  ] as [number, number][];
  const at = (p: [number, number], y: number): V3 => [p[0], y, p[1]];
  return [
    { corners: [at(a, y0), at(b, y0), at(b, y1), at(a, y1)], fill: color },
    { corners: [at(b, y0), at(c, y0), at(c, y1), at(b, y1)], fill: side },
    { corners: [at(c, y0), at(e, y0), at(e, y1), at(c, y1)], fill: color },
    { corners: [at(e, y0), at(a, y0), at(a, y1), at(e, y1)], fill: side },
    { corners: [at(a, y1), at(b, y1), at(c, y1), at(e, y1)], fill: top },
  ];
}

/** A table: a top on four legs. */
function table(x: number, z: number, w: number, d: number, color: string): Face[] {
  const leg = 0.05;
  const faces: Face[] = [];
  for (const [dx, dz] of [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ]) {
    faces.push(...box(x + (dx! * (w / 2 - leg)), z + (dz! * (d / 2 - leg)), leg, leg, 0, 0.72, '#555', '#444', '#666'));
  }
  faces.push(...box(x, z, w, d, 0.72, 0.76, color, shade(color, -30), shade(color, 25)));
  return faces;
}

function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const clamp = (v: number) => Math.max(0, Math.min(255, v));
  const r = clamp((n >> 16) + amount);
  const g = clamp(((n >> 8) & 255) + amount);
  const b = clamp((n & 255) + amount);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

/** Faces drawn far to near, so nearer things cover farther ones. */
function draw(faces: Face[]): string {
  return faces
    .map((f) => ({ f, d: distance(centre(f.corners)) }))
    .sort((p, q) => q.d - p.d)
    .map(({ f }) => face(f.corners, f.fill, 'stroke="rgba(0,0,0,0.12)" stroke-width="1.5"'))
    .join('');
}

/** The room around the camera: ceiling, walls with their corners, floor with boards. */
function shell(s: Scene): string {
  const parts: string[] = [];
  const curve = (y: number) => {
    const pts: [number, number][] = [];
    for (let i = 0; i <= 256; i += 1) {
      const az = (i / 256 - 0.5) * 2 * Math.PI;
      const d = s.half / Math.max(Math.abs(Math.cos(az)), Math.abs(Math.sin(az)));
      pts.push(project([Math.sin(az) * d, y, -Math.cos(az) * d]));
    }
    return pts;
  };
  const ceilingLine = curve(s.ceiling);
  const floorLine = curve(0);
  parts.push(`<rect width="${W}" height="${H}" fill="${s.wall}"/>`);
  parts.push(`<polygon points="0,0 ${fmt(ceilingLine)} ${W},0" fill="${s.ceilingColor}"/>`);
  parts.push(`<polygon points="0,${H} ${fmt(floorLine)} ${W},${H}" fill="${s.floor}"/>`);
  // floor boards running away from the front wall
  for (let x = -s.half + 0.4; x < s.half; x += 0.4) parts.push(`<polyline points="${fmt(edge([x, 0, -s.half], [x, 0, s.half], 48))}" fill="none" stroke="${s.floorLine}" stroke-width="2"/>`);
  // the wall's lower shade and the corners
  parts.push(`<polyline points="${fmt(curve(0.1))}" fill="none" stroke="${s.wallShade}" stroke-width="10"/>`);
  for (const [x, z] of [
    [s.half, -s.half],
    [s.half, s.half],
    [-s.half, s.half],
    [-s.half, -s.half],
  ]) {
    parts.push(`<polyline points="${fmt(edge([x!, 0, z!], [x!, s.ceiling, z!], 8))}" fill="none" stroke="${s.wallShade}" stroke-width="6"/>`);
  }
  // ceiling lights
  for (const [x, z] of [
    [-2, -2],
    [2, -2],
    [-2, 2],
    [2, 2],
  ]) {
    parts.push(face([[x! - 0.5, s.ceiling - 0.01, z! - 0.5], [x! + 0.5, s.ceiling - 0.01, z! - 0.5], [x! + 0.5, s.ceiling - 0.01, z! + 0.5], [x! - 0.5, s.ceiling - 0.01, z! + 0.5]], '#fffbe8', 'opacity="0.9"'));
  }
  return parts.join('');
}

/** A picture, window or screen on a wall: `wall` names the wall, `from`/`to` run along it, `y0`/`y1` its height. */
function onWall(s: Scene, wall: 'front' | 'left' | 'right', from: number, to: number, y0: number, y1: number, fill: string): string {
  const r = s.half - 0.02;
  const at = (t: number, y: number): V3 => (wall === 'front' ? [t, y, -r] : wall === 'left' ? [-r, y, t] : [r, y, t]);
  return face([at(from, y0), at(to, y0), at(to, y1), at(from, y1)], fill);
}

/** Text on the front wall (its middle is barely bent), `y` the text's baseline height in metres. */
function frontText(s: Scene, text: string, y: number, size: number, fill: string, x = 0): string {
  const [px, py] = project([x, y, -s.half]);
  return `<text x="${px.toFixed(1)}" y="${py.toFixed(1)}" ${FONT} font-size="${size}" font-weight="700" fill="${fill}" text-anchor="middle">${text}</text>`;
}

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

/** The showroom: a brand wall with the logo and a screen, three tables with products, roll-ups. */
function showroomSvg(): string {
  const s: Scene = { half: 5, ceiling: 3.2, wall: '#eceff3', wallShade: '#c9ced6', floor: '#8a6a4c', floorLine: '#7a5c40', ceilingColor: '#f7f7f5' };
  const parts = [shell(s)];
  parts.push(onWall(s, 'front', -3.5, 3.5, 0.1, 3.1, '#1f4e8c'));
  parts.push(onWall(s, 'front', -1.4, 1.4, 0.9, 2.3, '#101820'));
  parts.push(onWall(s, 'front', -1.32, 1.32, 0.96, 2.24, '#2d6cb5'));
  parts.push(frontText(s, 'DEMO MESSE', 2.62, 110, '#ffffff'));
  parts.push(frontText(s, 'Neuheiten 2026', 1.5, 64, '#ffffff'));
  parts.push(onWall(s, 'left', -3, -1, 0.9, 2.4, '#f0a202'));
  parts.push(onWall(s, 'left', 1, 3, 0.9, 2.4, '#1e8c6e'));
  parts.push(onWall(s, 'right', -3, -1, 0.5, 2.6, '#d8dde5'));
  parts.push(onWall(s, 'right', -2.9, -1.1, 0.6, 2.5, '#ffffff'));
  parts.push(onWall(s, 'right', 1, 3, 0.9, 2.4, '#c0392b'));
  const faces: Face[] = [
    ...table(-2.2, -2, 1.6, 0.8, '#f4f4f4'),
    ...table(2.2, -2, 1.6, 0.8, '#f4f4f4'),
    ...table(3, 2.4, 0.9, 1.6, '#d9c7a7'),
    ...box(-2.5, -2, 0.3, 0.3, 0.76, 1.05, '#c0392b', '#8f2a20', '#e0574a'),
    ...box(-1.9, -2, 0.25, 0.4, 0.76, 0.95, '#283853', '#1b2638', '#3b4f73'),
    ...box(2.2, -2, 0.5, 0.35, 0.76, 1.0, '#f0a202', '#b57a00', '#ffc23d'),
    ...box(3, 2.1, 0.3, 0.3, 0.76, 1.1, '#1e8c6e', '#136350', '#34b38f'),
    ...box(3, 2.8, 0.3, 0.4, 0.76, 0.9, '#6c4a9e', '#4c3470', '#8a68bd'),
    ...table(-3, 2.4, 0.9, 1.6, '#f4f4f4'),
    ...box(-3, 2.4, 0.4, 0.4, 0.76, 1.2, '#0f7ea8', '#0a4f69', '#2fa3cf'),
    // roll-up banners beside the brand wall
    ...box(-4.2, -4.2, 0.8, 0.05, 0, 2.1, '#f0a202', '#b57a00', '#f0a202'),
    ...box(4.2, -4.2, 0.8, 0.05, 0, 2.1, '#1e8c6e', '#136350', '#1e8c6e'),
  ];
  parts.push(draw(faces));
  return svg(parts.join(''));
}

/** The product gallery: framed product pictures on the walls and products on pedestals. */
function gallerySvg(): string {
  const s: Scene = { half: 6, ceiling: 3.6, wall: '#f6f4ef', wallShade: '#d6d2c8', floor: '#5b5e66', floorLine: '#51545b', ceilingColor: '#fbfbfa' };
  const parts = [shell(s)];
  const colours = ['#1f4e8c', '#c0392b', '#1e8c6e', '#6c4a9e', '#e07a1f', '#0f7ea8'];
  let i = 0;
  for (const wall of ['front', 'left', 'right'] as const) {
    for (const from of [-4.5, -1, 2.5]) {
      parts.push(onWall(s, wall, from - 0.08, from + 2.08, 1.02, 2.48, '#2b2b2b'));
      parts.push(onWall(s, wall, from, from + 2, 1.1, 2.4, colours[i % colours.length]!));
      parts.push(onWall(s, wall, from + 0.5, from + 1.5, 1.4, 2.1, shade(colours[i % colours.length]!, 60)));
      i += 1;
    }
  }
  parts.push(frontText(s, 'PRODUKTGALERIE', 2.95, 84, '#2b2b2b'));
  const faces: Face[] = [];
  for (const [x, z, c] of [
    [-2.5, -2.5, '#c0392b'],
    [0, -3, '#1f4e8c'],
    [2.5, -2.5, '#1e8c6e'],
    [-3, 1.5, '#f0a202'],
    [3, 1.5, '#6c4a9e'],
  ] as [number, number, string][]) {
    faces.push(...box(x, z, 0.6, 0.6, 0, 1.0, '#ffffff', '#dcdcdc', '#f2f2f2'));
    faces.push(...box(x, z, 0.35, 0.35, 1.0, 1.4, c, shade(c, -40), shade(c, 30)));
  }
  parts.push(draw(faces));
  return svg(parts.join(''));
}

/** The lounge: windows with a view, sofas around a low table, plants and a bar. */
function loungeSvg(): string {
  const s: Scene = { half: 5, ceiling: 3, wall: '#e9e1d5', wallShade: '#cbbfae', floor: '#3c4a57', floorLine: '#34414d', ceilingColor: '#f4efe7' };
  const parts = [shell(s)];
  for (const from of [-4, -1, 2]) {
    parts.push(onWall(s, 'front', from, from + 2, 0.6, 2.6, '#d0dbe6'));
    parts.push(onWall(s, 'front', from + 0.06, from + 1.94, 0.66, 2.54, '#8fc1e3'));
    parts.push(onWall(s, 'front', from + 0.06, from + 1.94, 0.66, 1.2, '#7fa36b'));
  }
  parts.push(onWall(s, 'left', -2, 2, 0.9, 2.2, '#6c4a9e'));
  parts.push(onWall(s, 'right', -3.5, 3.5, 0, 1.1, '#5a3e2b'));
  const faces: Face[] = [
    // sofas
    ...box(-2.4, -1.2, 0.9, 2.2, 0, 0.45, '#c0392b', '#8f2a20', '#d4523f'),
    ...box(-2.8, -1.2, 0.2, 2.2, 0.45, 0.85, '#a83224', '#7b241c', '#c0392b'),
    ...box(-2.4, 2.2, 0.9, 2.2, 0, 0.45, '#283853', '#1b2638', '#34486b'),
    ...box(-2.8, 2.2, 0.2, 2.2, 0.45, 0.85, '#1f2d44', '#151e2e', '#283853'),
    // a low table with a tablet showing the product page
    ...box(-1.8, 0.5, 0.7, 1.2, 0, 0.4, '#d9c7a7', '#b8a585', '#e8d9bd'),
    ...box(-1.8, 0.4, 0.25, 0.35, 0.4, 0.42, '#101820', '#101820', '#2d6cb5'),
    // the bar along the right wall
    ...box(4.3, 0, 0.6, 4, 0, 1.1, '#5a3e2b', '#3f2b1e', '#7a5a42'),
    // plants in pots
    ...box(-4.3, -4.3, 0.5, 0.5, 0, 0.5, '#b5651d', '#8a4c16', '#c97a33'),
    ...box(-4.3, -4.3, 0.7, 0.7, 0.5, 1.6, '#2e7d32', '#1b5e20', '#43a047'),
    ...box(4.3, -4.3, 0.5, 0.5, 0, 0.5, '#b5651d', '#8a4c16', '#c97a33'),
    ...box(4.3, -4.3, 0.7, 0.7, 0.5, 1.6, '#2e7d32', '#1b5e20', '#43a047'),
  ];
  parts.push(draw(faces));
  parts.push(frontText(s, 'LOUNGE', 2.78, 72, '#5a3e2b'));
  return svg(parts.join(''));
}

export type RoomScene = 'showroom' | 'gallery' | 'lounge';
const SCENES: Record<RoomScene, () => string> = { showroom: showroomSvg, gallery: gallerySvg, lounge: loungeSvg };

/** One of the demo's panoramas as WebP (4096×2048). */
export async function roomPanorama(scene: RoomScene): Promise<Picture> {
  const bytes = await sharp(Buffer.from(SCENES[scene]()), { limitInputPixels: W * H * 2 }).webp({ quality: 80 }).toBuffer();
  return { bytes, width: W, height: H, mimeType: 'image/webp', extension: 'webp' };
}

/**
 * A short chime for a tour step (16-bit mono WAV, 22.05 kHz): a synthesized tone sequence standing in for spoken
 * audio (no text-to-speech runs at seed time); each step gets its own melody.
 */
export function tourChime(step: number): Buffer {
  const rate = 22050;
  const notes = [
    [523.25, 659.25, 783.99],
    [587.33, 739.99, 880.0],
    [659.25, 830.61, 987.77],
  ][step % 3]!;
  const noteLength = 0.35;
  const samples = Math.round(rate * noteLength * notes.length + rate * 0.3);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1) {
    const t = i / rate;
    const index = Math.min(notes.length - 1, Math.floor(t / noteLength));
    const local = t - index * noteLength;
    const envelope = Math.exp(-local * 5) * Math.min(1, local * 200);
    const value = Math.sin(2 * Math.PI * notes[index]! * t) * envelope * 0.5;
    data.writeInt16LE(Math.round(value * 32767), i * 2);
  }
  return wavFile(data, rate);
}

/** A WAV file of 16-bit mono samples (`pcm`, little-endian) at `rate` Hz: the seed's chimes and the tests' audio uploads. */
export function wavFile(pcm: Buffer, rate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** A short silent WAV (8 kHz; 800 samples are a tenth of a second), an audio file as a user would upload one. */
export const silentWav = (samples = 800): Buffer => wavFile(Buffer.alloc(samples * 2), 8000);
