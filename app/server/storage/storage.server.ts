import type { Readable } from 'node:stream';

/** An inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/** Where uploaded bytes live: a local folder by default, an S3-compatible bucket when configured. */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** Writes the whole body under `key`; on failure nothing is left under that key. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  /** The object's bytes (only `range` of them when given), or null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
