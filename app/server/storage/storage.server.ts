import type { Readable } from 'node:stream';

/** Where uploaded bytes live: a local folder by default, an S3-compatible bucket when configured. */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Readable | Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}
