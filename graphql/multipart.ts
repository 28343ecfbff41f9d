import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request, RequestHandler, Response } from 'express';
import type { AppServices } from '~/server/context.server';
import { getT } from '~/server/i18n.server';
import { MAX_UPLOAD_BYTES } from '~/lib/file-limits';
import type { FileUpload } from './upload';
import { passesCsrfCheck } from './context';
import { requestLanguage } from './request-language';

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

/** A refused request: a message key of errors.json with its values, answered as 400 or 413. */
class MultipartError extends Error {
  constructor(
    readonly key: string,
    readonly values: Record<string, unknown> = {},
    readonly status: 400 | 413 = 400,
  ) {
    super(key);
  }
}

const badRequest = (key: string, values?: Record<string, unknown>) => new MultipartError(`errors:multipart.${key}`, values);
const tooLarge = (key: string, values?: Record<string, unknown>) => new MultipartError(`errors:multipart.${key}`, values, 413);

/** Keys that lead to a prototype. No key from a request with one of these names is ever read or written. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,8})$/;

function sendError(res: Response, status: number, message: string, code?: string) {
  if (res.headersSent) return;
  res
    .status(status)
    .type('application/json')
    .send(JSON.stringify({ errors: [{ message, ...(code ? { extensions: { code } } : {}) }] }));
}

/** Cookie-authenticated multipart mutations pass the same CSRF check as JSON ones (graphql/context.ts). */
async function multipartPassesCsrf(req: Request, app: AppServices): Promise<boolean> {
  if (req.get('authorization') || !req.get('cookie')) return true;
  return passesCsrfCheck(req, app);
}

/**
 * JSON.parse for `operations` and `map`. JSON.parse itself makes a `__proto__` key an own property, not the
 * prototype; a key named `__proto__`, `constructor` or `prototype` is refused all the same, so no code that
 * later walks these objects can be led to a prototype by one.
 */
function parseJson(field: 'operations' | 'map', value: string): unknown {
  let forbidden: string | null = null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value, (key, item: unknown) => {
      if (PROTOTYPE_KEYS.has(key)) forbidden ??= key;
      return item;
    });
  } catch {
    throw badRequest('notJson', { field });
  }
  if (forbidden) throw badRequest('forbiddenJsonKey', { field, key: forbidden });
  return parsed;
}

type JsonContainer = Record<string, unknown> | unknown[];

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

/** Whether `key` names an own entry of a container made by JSON.parse (an array index or an object key). */
function hasEntry(container: unknown, key: string): container is JsonContainer {
  if (Array.isArray(container)) return ARRAY_INDEX.test(key) && Number(key) < container.length;
  return isJsonObject(container) && Object.hasOwn(container, key);
}

/** The place a map path such as `variables.file` or `variables.files.1` puts its file. */
interface Slot {
  container: JsonContainer;
  key: string;
}

/**
 * Resolves a map path: only into the variables of the operation, along own keys and array indexes that
 * exist, to a slot that is null. A segment `__proto__`, `constructor` or `prototype` is refused outright.
 */
function slotAt(operations: Record<string, unknown>, path: string): Slot {
  const segments = path.split('.');
  const forbidden = segments.find((segment) => PROTOTYPE_KEYS.has(segment));
  if (forbidden) throw badRequest('forbiddenKey', { path, key: forbidden });
  if (segments.length < 2 || segments[0] !== 'variables') throw badRequest('outsideVariables', { path });
  const key = segments[segments.length - 1];
  let container: unknown = operations;
  for (const segment of segments.slice(0, -1)) {
    if (!hasEntry(container, segment)) throw badRequest('missingPath', { path });
    container = (container as Record<string, unknown>)[segment];
  }
  if (!hasEntry(container, key)) throw badRequest('missingPath', { path });
  if ((container as Record<string, unknown>)[key] !== null) throw badRequest('notNull', { path });
  return { container, key };
}

/** The map: each file field with the slots it fills, all checked before any file is read. */
function parseMap(value: unknown, operations: Record<string, unknown>): Map<string, Slot[]> {
  if (!isJsonObject(value)) throw badRequest('mapNotObject');
  const map = new Map<string, Slot[]>();
  const named = new Set<string>();
  for (const [field, paths] of Object.entries(value)) {
    if (!Array.isArray(paths) || !paths.length || !paths.every((p): p is string => typeof p === 'string' && p.length > 0)) {
      throw badRequest('mapEntry', { field });
    }
    const slots = paths.map((path) => {
      if (named.has(path)) throw badRequest('duplicatePath', { path });
      named.add(path);
      return slotAt(operations, path);
    });
    map.set(field, slots);
  }
  return map;
}

/**
 * The GraphQL multipart request spec (github.com/jaydenseric/graphql-multipart-request-spec) for POST
 * /graphql/: reads `operations`, `map` and the files with busboy, spools each file to a temp folder (at most
 * the upload limit plus one byte is kept), puts a FileUpload into the variables and hands the request on to
 * the JSON handler. The temp folder is removed when the response is done.
 *
 * The map may only fill null slots that exist in the operation's variables (see slotAt); anything else is a
 * 400 in the request's language before a file is read.
 */
export function graphqlMultipart(app: AppServices, options: MultipartOptions = {}): RequestHandler {
  const maxFiles = options.maxFiles ?? 5;
  const maxFileBytes = options.maxFileBytes ?? MAX_UPLOAD_BYTES + 1;
  const maxFieldBytes = options.maxFieldBytes ?? 1024 * 1024;
  const maxRequestBytes = maxFiles * maxFileBytes + 2 * maxFieldBytes + 64 * 1024;

  return async (req, res, next) => {
    if (req.method !== 'POST' || !req.is('multipart/form-data')) return next();
    const t = getT(requestLanguage(req));
    const refuse = (failure: MultipartError) =>
      sendError(res, failure.status, t(failure.key, failure.values), failure.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST');

    if (!(await multipartPassesCsrf(req, app))) {
      req.resume();
      return sendError(res, 403, t('errors:query.csrf'), 'JWT_INVALID_CSRF_TOKEN');
    }
    const declaredLength = Number(req.get('content-length'));
    const requestTooLarge = new MultipartError('errors:query.tooLarge', { max: Math.round(maxRequestBytes / 1024 / 1024) }, 413);
    if (Number.isFinite(declaredLength) && declaredLength > maxRequestBytes) {
      res.set('Connection', 'close');
      return refuse(requestTooLarge);
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
      return refuse(badRequest('malformed'));
    }

    let operations: Record<string, unknown> | null = null;
    let map: Map<string, Slot[]> | null = null;
    const writes: Promise<void>[] = [];
    const received = new Set<string>();
    let failure: MultipartError | null = null;
    let fileCount = 0;
    let readBytes = 0;

    const fail = (error: unknown) => {
      failure ??= error instanceof MultipartError ? error : badRequest('malformed');
    };

    bb.on('field', (name, value, info) => {
      if (failure) return;
      try {
        if (info.valueTruncated) throw tooLarge('fieldTooLarge', { field: name });
        if (name === 'operations') {
          const parsed = parseJson(name, value);
          if (!isJsonObject(parsed)) throw badRequest('batch');
          operations = parsed;
        } else if (name === 'map') {
          if (!operations) throw badRequest('operationsFirst');
          map = parseMap(parseJson(name, value), operations);
        }
      } catch (error) {
        fail(error);
      }
    });

    bb.on('file', (name, stream, info) => {
      const slots = map?.get(name);
      if (failure || !map || !slots || received.has(name)) {
        if (!map && !failure) fail(badRequest('filesLast'));
        // a body that ends inside this ignored file destroys it with busboy's error, which busboy's own 'error'
        // answers already: without a listener here it would be an uncaught exception that ends the process
        stream.on('error', fail);
        stream.resume();
        return;
      }
      received.add(name);
      const tempPath = path.join(dir, String(fileCount++));
      // A body that ends inside the file fails this write. The failure is recorded here: when busboy's own error has
      // already answered the request, nobody awaits `writes`, and an unhandled rejection would end the process.
      writes.push(pipeline(stream, fs.createWriteStream(tempPath)).catch(fail));
      const upload = new MultipartFileUpload(info.filename ?? '', info.mimeType, info.encoding, tempPath);
      // each slot is an own, existing, null entry of a JSON object or array inside the variables (slotAt)
      for (const slot of slots) (slot.container as Record<string, unknown>)[slot.key] = upload;
    });

    bb.on('filesLimit', () => fail(tooLarge('tooManyFiles', { max: maxFiles })));
    bb.on('fieldsLimit', () => fail(badRequest('unexpectedField')));
    bb.on('partsLimit', () => fail(tooLarge('tooManyParts')));

    req.on('data', (chunk: Buffer) => {
      readBytes += chunk.length;
      if (readBytes > maxRequestBytes && !res.headersSent) {
        req.unpipe(bb);
        res.set('Connection', 'close');
        refuse(requestTooLarge);
        req.destroy();
      }
    });

    bb.on('error', (error) => {
      fail(error);
      req.unpipe(bb);
      refuse(failure!);
    });

    bb.on('close', async () => {
      if (res.headersSent) return;
      try {
        await Promise.all(writes);
      } catch (error) {
        fail(error);
      }
      if (!failure && (!operations || !map)) fail(badRequest('required'));
      if (!failure && map) {
        const missing = [...map.keys()].filter((k) => !received.has(k));
        if (missing.length) fail(badRequest('missingFiles', { names: missing.join(', ') }));
      }
      if (failure) return refuse(failure);
      req.body = operations;
      // graphql-http reads a parsed body only for JSON requests; the multipart part is done at this point.
      req.headers['content-type'] = 'application/json; charset=utf-8';
      next();
    });

    req.pipe(bb);
  };
}
