import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { ByteRange, Storage } from './storage.server';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export function s3ClientConfig(options: S3StorageOptions): S3ClientConfig {
  return {
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // MinIO, Ceph and most non-AWS endpoints address buckets by path, not by subdomain.
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
  };
}

function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  const meta = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata;
  return meta?.httpStatusCode === 404;
}

/** Files in an S3-compatible bucket. Streams go up as multipart uploads, which S3 aborts as a whole on failure. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  static fromOptions(options: S3StorageOptions): S3Storage {
    return new S3Storage(new S3Client(s3ClientConfig(options)), options.bucket);
  }

  async put(key: string, body: Readable | Buffer, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return (result.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}
