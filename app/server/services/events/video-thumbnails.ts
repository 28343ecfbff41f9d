import { Readable } from 'node:stream';
import DataLoader from 'dataloader';
import { imageSize } from 'image-size';
import { parseVideoUrl, type VideoLink } from '~/lib/events';
import { isPlaceholderThumbnail, videoInText } from '~/lib/video';
import { defineLoader, type ServiceContext } from '../../context.server';
import { fileUrl, publishFile, uploadFile } from '../files/files.server';

/**
 * Pictures of linked videos (welcome video, stage stream, in-house fair video, on-demand recordings), kept in our
 * own storage: visitor pages never contact the video site before the visitor starts a video (no request to a
 * third party before the cookie choice, nor after it just to show a picture). The server fetches the picture
 * once, when an organiser saves the link, with a short timeout and a size cap, and stores it as a public file of
 * the organisation. Any failure (site unreachable, no picture, YouTube's 120x90 "no thumbnail" placeholder, too
 * large) only leaves the player's placeholder picture; it never fails the save.
 */

/** How long fetching one video's picture may take, all requests together. */
export const THUMBNAIL_TIMEOUT_MS = 4_000;
/** The largest picture taken (a YouTube maxres picture is about 100 to 300 KB). */
export const THUMBNAIL_MAX_BYTES = 2 * 1024 * 1024;
const OEMBED_MAX_BYTES = 64 * 1024;

const YOUTUBE_ORIGIN = 'https://i.ytimg.com';
const VIMEO_ORIGIN = 'https://vimeo.com';
const VIMEO_PICTURE_HOST = 'i.vimeocdn.com';

interface Sources {
  youtube: string;
  vimeo: string;
  /** whether a picture address from Vimeo's answer may be fetched */
  picture: (url: URL) => boolean;
}

/**
 * The video sites' addresses. `VIDEO_THUMBNAIL_ORIGIN` points both at one server (tests serve the pictures
 * locally); `off` fetches nothing, the default under NODE_ENV=test.
 */
function sources(ctx: ServiceContext): Sources | null {
  const configured = ctx.app.env.VIDEO_THUMBNAIL_ORIGIN ?? (ctx.app.env.NODE_ENV === 'test' ? 'off' : undefined);
  if (configured === 'off') return null;
  if (configured) {
    const local = new URL(configured);
    const base = configured.replace(/\/+$/, '');
    return { youtube: base, vimeo: base, picture: (url) => url.origin === local.origin };
  }
  return { youtube: YOUTUBE_ORIGIN, vimeo: VIMEO_ORIGIN, picture: (url) => url.protocol === 'https:' && url.hostname === VIMEO_PICTURE_HOST };
}

/** Reads a response body up to `limit` bytes; more is refused (null) without reading further. */
async function limitedBody(response: Response, limit: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    return null;
  }
  if (!response.body) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > limit) {
      await response.body.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** GET within the deadline and the size cap; no redirects (a picture host never needs one). Null on any failure. */
async function fetchLimited(url: string, limit: number, deadline: AbortSignal): Promise<{ body: Buffer } | null> {
  try {
    const response = await fetch(url, { redirect: 'error', signal: deadline });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const body = await limitedBody(response, limit);
    return body ? { body } : null;
  } catch {
    return null;
  }
}

/** A usable picture: an image we can measure that is not YouTube's 120x90 placeholder. */
function usablePicture(body: Buffer): boolean {
  try {
    const { width, height } = imageSize(body);
    return Boolean(width && height) && !isPlaceholderThumbnail(width!, height!);
  } catch {
    return false;
  }
}

/** The picture of a video from its site: YouTube's 1280 px picture, else its 320 px one; Vimeo's through oEmbed. */
async function downloadPicture(ctx: ServiceContext, video: VideoLink): Promise<Buffer | null> {
  const from = sources(ctx);
  if (!from) return null;
  const deadline = AbortSignal.timeout(THUMBNAIL_TIMEOUT_MS);
  if (video.provider === 'youtube') {
    for (const name of ['maxresdefault.jpg', 'mqdefault.jpg']) {
      const picture = await fetchLimited(`${from.youtube}/vi/${video.id}/${name}`, THUMBNAIL_MAX_BYTES, deadline);
      if (picture && usablePicture(picture.body)) return picture.body;
    }
    return null;
  }
  const page = `https://vimeo.com/${video.id}`;
  const oembed = await fetchLimited(`${from.vimeo}/api/oembed.json?url=${encodeURIComponent(page)}&width=1280`, OEMBED_MAX_BYTES, deadline);
  if (!oembed) return null;
  let pictureUrl: URL;
  try {
    pictureUrl = new URL(String((JSON.parse(oembed.body.toString('utf8')) as { thumbnail_url?: unknown }).thumbnail_url));
  } catch {
    return null;
  }
  // only Vimeo's picture host: the answer must not send the server anywhere else
  if (!from.picture(pictureUrl)) return null;
  const picture = await fetchLimited(pictureUrl.href, THUMBNAIL_MAX_BYTES, deadline);
  return picture && usablePicture(picture.body) ? picture.body : null;
}

const keyOf = (video: Pick<VideoLink, 'provider' | 'id'>) => `${video.provider}|${video.id}`;

interface ThumbnailRow {
  provider: string;
  video_id: string;
  file_id: string;
}

const byVideo = (rows: ThumbnailRow[]) => new Map(rows.map((r) => [`${r.provider}|${r.video_id}`, r.file_id]));

/**
 * The stored pictures of each organisation's videos (file id by "provider|video id"), batched per request. An
 * organisation keeps one per video link it saved, so a page showing several of its videos reads them once.
 */
const thumbnailsOfOrganization = defineLoader(
  (ctx) =>
    new DataLoader<string, Map<string, string>>(async (organizationIds) => {
      const rows: (ThumbnailRow & { organization_id: string })[] = await ctx
        .db('video_thumbnails')
        .whereIn('organization_id', organizationIds as string[])
        .select('organization_id', 'provider', 'video_id', 'file_id');
      return organizationIds.map((id) => byVideo(rows.filter((r) => r.organization_id === id)));
    }),
);

/** SQL: the organisation's kept pictures as JSON, for a statement that reads the organisation's object anyway. */
export const videoThumbnailsJson = (organizationId: string) =>
  `coalesce((select json_agg(json_build_object('provider', v.provider, 'video_id', v.video_id, 'file_id', v.file_id)) from video_thumbnails v where v.organization_id = ${organizationId}), '[]'::json)`;

/** Hands the pictures such a statement read to this request's loader. */
export function primeVideoThumbnails(ctx: ServiceContext, organizationId: string, json: unknown): void {
  thumbnailsOfOrganization(ctx).prime(organizationId, byVideo(Array.isArray(json) ? (json as ThumbnailRow[]) : []));
}

/**
 * Fetches and keeps the picture of a video link the organisation saved, unless it has one already. Never throws:
 * without a picture the player shows its placeholder. '' or an unrecognised link does nothing.
 */
export async function rememberVideoThumbnail(ctx: ServiceContext, organizationId: string, link: string | null | undefined): Promise<void> {
  const video = link ? parseVideoUrl(link) : null;
  if (!video || !ctx.viewer) return;
  try {
    if ((await thumbnailsOfOrganization(ctx).load(organizationId)).has(keyOf(video))) return;
    const picture = await downloadPicture(ctx, video);
    if (!picture) return;
    const file = await uploadFile(ctx, {
      stream: Readable.from([picture]),
      filename: `${video.provider}-${video.id}.jpg`,
      forOrg: organizationId,
      purpose: 'IMAGE',
    });
    await publishFile(ctx, file.id);
    await ctx
      .db('video_thumbnails')
      .insert({ organization_id: organizationId, provider: video.provider, video_id: video.id, file_id: file.id })
      .onConflict(['organization_id', 'provider', 'video_id'])
      .ignore();
    thumbnailsOfOrganization(ctx).clear(organizationId);
  } catch (error) {
    // a picture is a nicety: the link is saved either way
    console.warn(`[video-thumbnails] no picture for ${video.provider}:${video.id}: ${(error as Error).message}`);
  }
}

/** The picture of the video a text (an on-demand item's title or description) links to, kept like any other. */
export async function rememberVideoThumbnailInText(ctx: ServiceContext, organizationId: string, ...texts: (string | null | undefined)[]): Promise<void> {
  for (const text of texts) {
    const found = text ? videoInText(text) : null;
    if (found) return rememberVideoThumbnail(ctx, organizationId, found.url);
  }
}

/** Where visitors load the picture of a video link of the organisation from; null when none is kept. */
export async function videoThumbnailUrl(ctx: ServiceContext, organizationId: string, link: string | null | undefined): Promise<string | null> {
  const video = link ? parseVideoUrl(link) : null;
  if (!video) return null;
  const fileId = (await thumbnailsOfOrganization(ctx).load(organizationId)).get(keyOf(video));
  return fileId ? fileUrl({ id: fileId }) : null;
}
