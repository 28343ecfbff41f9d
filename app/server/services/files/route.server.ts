import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import { authenticateRequest } from '../../auth/request-auth.server';
import { createServiceContext, type AppServices, type ServiceContext } from '../../context.server';
import type { ByteRange } from '../../storage/storage.server';
import { isInlineType } from './file-types.server';
import type { UploadedFile } from '#db/models/index';
import { findFile, openFile } from './files.server';
import { imageVariant, isServable, variantFormat, variantWidth } from './image-variants.server';

const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `inline` or `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(file: Pick<UploadedFile, 'filename' | 'mime_type'>): string {
  const type = isInlineType(file.mime_type) ? 'inline' : 'attachment';
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(file.filename)}`;
}

/** The viewer from the JWT header or the session cookie; a broken token just means "anonymous" here. */
async function serviceContextOf(app: AppServices, req: Request): Promise<ServiceContext> {
  try {
    return (await authenticateRequest(app, req)).service;
  } catch {
    return createServiceContext(app, null, 'EN');
  }
}

/**
 * The headers every answer about a file carries (the file itself or a scaled copy, told apart by `etag`), then
 * the conditional request: true when a 304 was sent. no-transform keeps compression away, so Content-Length and
 * ranges stay exact; a private file's answer depends on who asks.
 */
function notModified(req: Request, res: Response, file: UploadedFile, etag: string): boolean {
  res.set({
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': contentDisposition(file),
    'Cache-Control': file.is_public ? 'public, max-age=86400, no-transform' : 'private, no-cache, no-transform',
    ETag: etag,
    'Last-Modified': file.created_at.toUTCString(),
  });
  if (!file.is_public) res.vary('Cookie').vary('Authorization');
  if (!req.fresh) return false;
  res.status(304).end();
  return true;
}

/**
 * GET/HEAD /files/:fileId: the bytes of a file the viewer may see, with its sniffed type, nosniff, inline or
 * attachment disposition, an ETag (files never change) and single byte ranges (video seeking). Missing and
 * hidden files are both 404, so a file's existence is not revealed, and so is a picture over the pixel limit
 * (limits.ts; stored before uploads checked it): neither it nor a scaled copy is handed out. `?w=N` asks for a
 * JPEG, PNG or WebP image scaled down to about N pixels wide (see app/lib/images.ts), made once and kept; when
 * no scaled copy can be made, the answer is 404, never the original.
 */
export function filesRouter(app: AppServices): Router {
  const router = Router();
  router.get('/files/:fileId', async (req, res, next) => {
    try {
      const ctx = await serviceContextOf(app, req);
      const file = await findFile(ctx, req.params.fileId);
      if (!file || !isServable(file)) {
        res.status(404).type('text/plain').send('Not Found');
        return;
      }
      const width = variantWidth(file, req.query.w);
      if (width !== null) {
        const format = variantFormat(file, req.headers.accept);
        res.vary('Accept');
        if (notModified(req, res, file, `"${file.id}-${width}-${format}"`)) return;
        const variant = await imageVariant(ctx, file, width, format);
        if (!variant) {
          // No scaled copy (the bytes do not decode within the pixel limit): never the original in its place.
          for (const header of ['ETag', 'Last-Modified', 'Content-Disposition']) res.removeHeader(header);
          res.status(404).set('Cache-Control', 'no-store').type('text/plain').end('Not Found');
          return;
        }
        res.set({ 'Content-Type': variant.mimeType, 'Content-Length': String(variant.bytes.length) });
        res.end(req.method === 'HEAD' ? undefined : variant.bytes);
        return;
      }

      res.set({ 'Content-Type': file.mime_type, 'Accept-Ranges': 'bytes' });
      if (notModified(req, res, file, `"${file.id}"`)) return;

      let range: ByteRange | undefined;
      const ranges = req.headers.range ? req.range(file.size, { combine: true }) : undefined;
      if (ranges === -1) {
        res.status(416).set('Content-Range', `bytes */${file.size}`).end();
        return;
      }
      if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
        range = { start: ranges[0].start, end: ranges[0].end };
      }

      const stream = await openFile(ctx, file, range);
      if (!stream) {
        res.status(404).type('text/plain').send('Not Found');
        return;
      }
      if (range) {
        res.status(206).set('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
        res.set('Content-Length', String(range.end - range.start + 1));
      } else {
        res.set('Content-Length', String(file.size));
      }
      if (req.method === 'HEAD') {
        stream.destroy();
        res.end();
        return;
      }
      // A client that goes away mid-download is not an error worth a log line.
      await pipeline(stream, res).catch(() => undefined);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
