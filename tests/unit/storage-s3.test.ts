import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadEnv } from '~/server/env.server';
import { createStorage } from '~/server/storage/create-storage.server';
import { LocalStorage } from '~/server/storage/local-storage.server';
import { S3Storage, s3ClientConfig } from '~/server/storage/s3-storage.server';

const s3 = mockClient(S3Client);
const storage = () => new S3Storage(new S3Client({ region: 'eu-central-1', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } }), 'fair-files');

async function text(stream: Readable | null): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString();
}

beforeEach(() => s3.reset());

describe('S3 storage', () => {
  it('puts an object with bucket, key, body and content type', async () => {
    s3.on(PutObjectCommand).resolves({});
    await storage().put('org/1/a.png', Buffer.from('png-bytes'), 'image/png');
    const calls = s3.commandCalls(PutObjectCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0].args[0].input).toMatchObject({ Bucket: 'fair-files', Key: 'org/1/a.png', ContentType: 'image/png' });
  });

  it('streams a body of unknown length up', async () => {
    s3.on(PutObjectCommand).resolves({});
    await storage().put('org/1/b.pdf', Readable.from([Buffer.from('%PDF-'), Buffer.from('1.4')]), 'application/pdf');
    const input = s3.commandCalls(PutObjectCommand)[0].args[0].input;
    expect(input).toMatchObject({ Bucket: 'fair-files', Key: 'org/1/b.pdf', ContentType: 'application/pdf' });
  });

  it('rejects when the bucket refuses the upload', async () => {
    s3.on(PutObjectCommand).rejects(new Error('AccessDenied'));
    await expect(storage().put('k', Buffer.from('x'), 'image/png')).rejects.toThrow('AccessDenied');
  });

  it('gets an object, asking for a byte range when given one', async () => {
    // the SDK hands out a Node stream as Body in Node.js
    s3.on(GetObjectCommand).resolves({ Body: Readable.from([Buffer.from('hello')]) as unknown as GetObjectCommandOutput['Body'] });
    expect(await text(await storage().get('org/1/a.png', { start: 0, end: 4 }))).toBe('hello');
    expect(s3.commandCalls(GetObjectCommand)[0].args[0].input).toEqual({ Bucket: 'fair-files', Key: 'org/1/a.png', Range: 'bytes=0-4' });
  });

  it('answers null for a missing object and false from exists', async () => {
    s3.on(GetObjectCommand).rejects(new NoSuchKey({ message: 'no such key', $metadata: { httpStatusCode: 404 } }));
    s3.on(HeadObjectCommand).rejects(new NotFound({ message: 'not found', $metadata: { httpStatusCode: 404 } }));
    expect(await storage().get('missing')).toBeNull();
    expect(await storage().exists('missing')).toBe(false);
  });

  it('reports existing objects and deletes by key', async () => {
    s3.on(HeadObjectCommand).resolves({ ContentLength: 3 });
    s3.on(DeleteObjectCommand).resolves({});
    expect(await storage().exists('org/1/a.png')).toBe(true);
    await storage().delete('org/1/a.png');
    expect(s3.commandCalls(DeleteObjectCommand)[0].args[0].input).toEqual({ Bucket: 'fair-files', Key: 'org/1/a.png' });
  });

  it('passes other errors on', async () => {
    s3.on(HeadObjectCommand).rejects(new Error('SlowDown'));
    await expect(storage().exists('k')).rejects.toThrow('SlowDown');
  });
});

describe('storage selection', () => {
  it('uses path-style addressing with a custom endpoint only', () => {
    const base = { bucket: 'b', region: 'eu-central-1', accessKeyId: 'a', secretAccessKey: 's' };
    expect(s3ClientConfig({ ...base, endpoint: 'http://minio:9000' })).toMatchObject({ endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(s3ClientConfig(base)).not.toHaveProperty('forcePathStyle');
  });

  it('picks the bucket when S3_BUCKET is configured, else the upload folder', () => {
    const s3Env = loadEnv({ NODE_ENV: 'test', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 's' });
    expect(createStorage(s3Env)).toBeInstanceOf(S3Storage);
    expect(createStorage(loadEnv({ NODE_ENV: 'test' }))).toBeInstanceOf(LocalStorage);
  });
});
