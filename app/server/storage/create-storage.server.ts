import type { Env } from '../env.server';
import { LocalStorage } from './local-storage.server';
import type { Storage } from './storage.server';

export function createStorage(env: Env): Storage {
  return new LocalStorage(env.UPLOAD_DIR);
}
