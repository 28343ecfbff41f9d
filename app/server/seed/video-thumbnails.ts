import crypto from 'node:crypto';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { parseVideoUrl, type VideoLink } from '~/lib/events';
import { videoInText } from '~/lib/video';
import { loadEnv } from '~/server/env.server';
import { createStorage } from '~/server/storage/create-storage.server';
import type { Storage } from '~/server/storage/storage.server';
import { createFile } from '../../../tests/fixtures/factories';

const WIDTH = 1280;
const HEIGHT = 720;

/** Colour pairs of the pictures (brand dark blue with a second colour), one per video in turn. */
const PALETTES: [string, string][] = [
  ['#283853', '#e45364'],
  ['#1f4e5f', '#77bf70'],
  ['#3b2f5c', '#f0a202'],
];

/**
 * A 16:9 picture that reads as a recorded talk: a stage with a lit screen, two spotlights and a lectern. Made
 * here, because the seed must not reach the internet for the video site's own picture.
 */
function stagePicture([dark, accent]: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="#0d1320"/></linearGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f7f7f7"/><stop offset="1" stop-color="${accent}" stop-opacity=".55"/></linearGradient>
    <radialGradient id="spot" cx=".5" cy="0" r="1"><stop offset="0" stop-color="#fff" stop-opacity=".45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#wall)"/>
  <polygon points="180,0 300,0 520,560 -40,560" fill="url(#spot)"/>
  <polygon points="980,0 1100,0 1320,560 760,560" fill="url(#spot)"/>
  <rect x="340" y="110" width="600" height="338" rx="10" fill="url(#screen)"/>
  <rect x="340" y="110" width="600" height="338" rx="10" fill="none" stroke="#fff" stroke-opacity=".6" stroke-width="6"/>
  <rect x="420" y="180" width="300" height="28" rx="6" fill="${dark}" fill-opacity=".7"/>
  <rect x="420" y="230" width="420" height="18" rx="6" fill="${dark}" fill-opacity=".45"/>
  <rect x="420" y="262" width="380" height="18" rx="6" fill="${dark}" fill-opacity=".45"/>
  <rect x="420" y="294" width="400" height="18" rx="6" fill="${dark}" fill-opacity=".45"/>
  <polygon points="0,560 ${WIDTH},560 ${WIDTH},${HEIGHT} 0,${HEIGHT}" fill="#111827"/>
  <rect x="0" y="552" width="${WIDTH}" height="10" fill="${accent}"/>
  <rect x="900" y="440" width="90" height="120" rx="6" fill="#1f2937"/>
  <rect x="890" y="430" width="110" height="16" rx="4" fill="${accent}"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** Every video an organisation's events link: welcome videos, streams, in-house fair videos, on-demand links. */
async function linkedVideos(trx: Knex, organizationId: string): Promise<VideoLink[]> {
  // one after the other: the statements share the seed's transaction, whose connection runs one at a time
  const conventions: string[] = await trx('conventions').where({ organization_id: organizationId }).pluck('video');
  const stages: string[] = await trx('stages').where({ organization_id: organizationId }).pluck('stream');
  const exhibitions: string[] = await trx('exhibitions').where({ organization_id: organizationId }).pluck('video');
  const onDemand = await trx('on_demand_contents as d')
    .join('conventions as c', 'c.id', 'd.convention_id')
    .where({ 'c.organization_id': organizationId })
    .select('d.title', 'd.description');
  const links: string[] = [
    ...conventions,
    ...stages,
    ...exhibitions,
    ...onDemand.map((item: { title: string; description: string }) => (videoInText(item.description) ?? videoInText(item.title))?.url ?? ''),
  ];
  const videos = new Map<string, VideoLink>();
  for (const link of links) {
    const video = link ? parseVideoUrl(link) : null;
    if (video) videos.set(`${video.provider}:${video.id}`, video);
  }
  return [...videos.values()];
}

/**
 * The pictures of the demo's videos, as the server keeps them when an organiser saves a link (see
 * app/server/services/events/video-thumbnails.ts), without reaching the video site: generated pictures stored as
 * public files of the organisation. Runs inside the demo seed's transaction, after the events are seeded.
 */
export async function seedVideoThumbnails(trx: Knex, options: { organizationId: string; storage?: Storage }): Promise<{ fileIds: string[] }> {
  const { organizationId } = options;
  const storage = options.storage ?? createStorage(loadEnv());
  const fileIds: string[] = [];
  for (const [index, video] of (await linkedVideos(trx, organizationId)).entries()) {
    const bytes = await stagePicture(PALETTES[index % PALETTES.length]!);
    const key = `org/${organizationId}/${crypto.randomUUID()}.jpg`;
    await storage.put(key, bytes, 'image/jpeg');
    const file = await createFile(trx, {
      organization_id: organizationId,
      storage_key: key,
      filename: `${video.provider}-${video.id}.jpg`,
      mime_type: 'image/jpeg',
      size: bytes.length,
      width: WIDTH,
      height: HEIGHT,
      is_public: true,
    });
    await trx('video_thumbnails').insert({ organization_id: organizationId, provider: video.provider, video_id: video.id, file_id: file.id });
    fileIds.push(file.id);
  }
  return { fileIds };
}
