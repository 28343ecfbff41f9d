import type { Env } from '../env.server';
import { LocalStorage } from './local-storage.server';
import { S3Storage } from './s3-storage.server';
import type { Storage } from './storage.server';

/** The bucket when S3_BUCKET is configured (env validation makes sure the keys are there), else UPLOAD_DIR. */
export function createStorage(env: Env): Storage {
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return S3Storage.fromOptions({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return new LocalStorage(env.UPLOAD_DIR);
}
