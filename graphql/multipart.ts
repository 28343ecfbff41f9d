import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request, RequestHandler, Response } from 'express';
import { detectLanguage } from '~/lib/language';
import type { AppServices } from '~/server/context.server';
import { getT } from '~/server/i18n.server';
import { MAX_UPLOAD_BYTES } from '~/server/services/files/limits';
import type { FileUpload } from './upload';
import { passesCsrfCheck } from './context';

/** A file part, spooled to a temp file while the request is read; the resolver streams it from there. */
class MultipartFileUpload implements FileUpload {
  constructor(
    readonly filename: string,
    readonly mimetype: string,
    readonly encoding: string,
    private readonly tempPath: string,
  ) {}

  createReadStream(): Readable {
    return fs.createReadStream(this.tempPath);
  }
}

/** Only objects made by this middleware count as uploads: a JSON variable cannot pose as a file. */
export function isFileUpload(value: unknown): value is FileUpload {
  return value instanceof MultipartFileUpload;
}

export interface MultipartOptions {
  maxFiles?: number;
  /** per file; one byte more than the upload limit is kept so the service can tell that the limit was crossed */
  maxFileBytes?: number;
  /** the `operations` and `map` fields */
  maxFieldBytes?: number;
}

class BadRequest extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

function sendError(res: Response, status: number, message: string, code?: string) {
  if (res.headersSent) return;
  res
    .status(status)
    .type('application/json')
    .send(JSON.stringify({ errors: [{ message, ...(code ? { extensions: { code } } : {}) }] }));
}

/** Cookie-authenticated multipart mutations pass the same CSRF check as JSON ones (graphql/context.ts). */
function multipartPassesCsrf(req: Request, app: AppServices): boolean {
  if (req.get('authorization') || !req.get('cookie')) return true;
  return passesCsrfCheck({
    csrfHeader: req.get('x-csrf-token') ?? null,
    origin: req.get('origin') ?? null,
    secFetchSite: req.get('sec-fetch-site') ?? null,
    ownOrigin: `${req.protocol}://${req.get('host')}`,
    publicUrl: app.env.PUBLIC_URL,
  });
}

function parseJson(name: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new BadRequest(`The multipart field "${name}" is not valid JSON.`);
  }
}

/** Puts `value` at a dotted path such as `variables.file` or `variables.files.1`; the slot must exist and be null. */
function placeAt(operations: Record<string, unknown>, dotted: string, value: unknown) {
  const keys = dotted.split('.');
  let target: unknown = operations;
  for (const key of keys.slice(0, -1)) {
    if (target === null || typeof target !== 'object' || !(key in target)) {
      throw new BadRequest(`The map path "${dotted}" does not exist in operations.`);
    }
    target = (target as Record<string, unknown>)[key];
  }
  const last = keys[keys.length - 1];
  if (target === null || typeof target !== 'object') {
    throw new BadRequest(`The map path "${dotted}" does not exist in operations.`);
  }
  const slot = (target as Record<string, unknown>)[last];
  if (slot !== null && slot !== undefined) throw new BadRequest(`The map path "${dotted}" must point at a null value.`);
  (target as Record<string, unknown>)[last] = value;
}

function parseMap(value: unknown): Map<string, string[]> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new BadRequest('The multipart field "map" must be a JSON object.');
  }
  const map = new Map<string, string[]>();
  for (const [field, paths] of Object.entries(value)) {
    if (!Array.isArray(paths) || !paths.length || !paths.every((p) => typeof p === 'string' && p.length > 0)) {
      throw new BadRequest(`The map entry "${field}" must be a non-empty list of paths.`);
    }
    map.set(field, paths as string[]);
  }
  return map;
}

/**
 * The GraphQL multipart request spec (github.com/jaydenseric/graphql-multipart-request-spec) for POST
 * /graphql/: reads `operations`, `map` and the files with busboy, spools each file to a temp folder (at most
 * the upload limit plus one byte is kept), puts a FileUpload into the variables and hands the request on to
 * the JSON handler. The temp folder is removed when the response is done.
 */
export function graphqlMultipart(app: AppServices, options: MultipartOptions = {}): RequestHandler {
  const maxFiles = options.maxFiles ?? 5;
  const maxFileBytes = options.maxFileBytes ?? MAX_UPLOAD_BYTES + 1;
  const maxFieldBytes = options.maxFieldBytes ?? 1024 * 1024;
  const maxRequestBytes = maxFiles * maxFileBytes + 2 * maxFieldBytes + 64 * 1024;

  return async (req, res, next) => {
    if (req.method !== 'POST' || !req.is('multipart/form-data')) return next();

    if (!multipartPassesCsrf(req, app)) {
      const t = getT(detectLanguage({ acceptLanguage: req.get('accept-language') }));
      req.resume();
      return sendError(res, 403, t('errors:query.csrf'), 'JWT_INVALID_CSRF_TOKEN');
    }
    const declaredLength = Number(req.get('content-length'));
    if (Number.isFinite(declaredLength) && declaredLength > maxRequestBytes) {
      res.set('Connection', 'close');
      return sendError(res, 413, 'The request is too large.');
    }

    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'fp-graphql-upload-'));
    const cleanUp = () => void fsp.rm(dir, { recursive: true, force: true });
    res.on('close', cleanUp);

    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fields: 2, fieldSize: maxFieldBytes, files: maxFiles, fileSize: maxFileBytes, parts: maxFiles + 2 },
      });
    } catch {
      return sendError(res, 400, 'The multipart request is malformed.');
    }

    let operations: Record<string, unknown> | null = null;
    let map: Map<string, string[]> | null = null;
    const writes: Promise<void>[] = [];
    const received = new Set<string>();
    let failure: BadRequest | null = null;
    let fileCount = 0;
    let readBytes = 0;

    const fail = (error: unknown) => {
      failure ??= error instanceof BadRequest ? error : new BadRequest('The multipart request is malformed.');
    };

    bb.on('field', (name, value, info) => {
      if (failure) return;
      try {
        if (info.valueTruncated) throw new BadRequest(`The multipart field "${name}" is too large.`, 413);
        if (name === 'operations') {
          const parsed = parseJson(name, value);
          if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
            throw new BadRequest('The multipart field "operations" must be one operation object (batches are not supported).');
          }
          operations = parsed as Record<string, unknown>;
        } else if (name === 'map') {
          if (!operations) throw new BadRequest('The multipart field "operations" must come before "map".');
          map = parseMap(parseJson(name, value));
        }
      } catch (error) {
        fail(error);
      }
    });

    bb.on('file', (name, stream, info) => {
      const paths = map?.get(name);
      if (failure || !operations || !map || !paths || received.has(name)) {
        if (!map && !failure) fail(new BadRequest('The multipart fields "operations" and "map" must come before the files.'));
        stream.resume();
        return;
      }
      received.add(name);
      const tempPath = path.join(dir, String(fileCount++));
      writes.push(pipeline(stream, fs.createWriteStream(tempPath)));
      const upload = new MultipartFileUpload(info.filename ?? '', info.mimeType, info.encoding, tempPath);
      try {
        for (const p of paths) placeAt(operations, p, upload);
      } catch (error) {
        fail(error);
      }
    });

    bb.on('filesLimit', () => fail(new BadRequest(`At most ${maxFiles} files per request.`, 413)));
    bb.on('fieldsLimit', () => fail(new BadRequest('Only the fields "operations" and "map" are expected.')));
    bb.on('partsLimit', () => fail(new BadRequest('The multipart request has too many parts.', 413)));

    req.on('data', (chunk: Buffer) => {
      readBytes += chunk.length;
      if (readBytes > maxRequestBytes && !res.headersSent) {
        req.unpipe(bb);
        res.set('Connection', 'close');
        sendError(res, 413, 'The request is too large.');
        req.destroy();
      }
    });

    bb.on('error', (error) => {
      fail(error);
      req.unpipe(bb);
      sendError(res, failure!.status, failure!.message);
    });

    bb.on('close', async () => {
      if (res.headersSent) return;
      try {
        await Promise.all(writes);
      } catch (error) {
        fail(error);
      }
      if (!failure && (!operations || !map)) fail(new BadRequest('The multipart fields "operations" and "map" are required.'));
      if (!failure && map) {
        const missing = [...map.keys()].filter((k) => !received.has(k));
        if (missing.length) fail(new BadRequest(`The files ${missing.join(', ')} named in "map" are missing.`));
      }
      if (failure) return sendError(res, failure.status, failure.message);
      req.body = operations;
      // graphql-http reads a parsed body only for JSON requests; the multipart part is done at this point.
      req.headers['content-type'] = 'application/json; charset=utf-8';
      next();
    });

    req.pipe(bb);
  };
}
