import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, Storage } from './storage.server';

/** Files in a local folder (var/uploads by default). Writes go to a temp file first, then are renamed. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(dir: string) {
    this.root = path.resolve(dir);
  }

  private pathOf(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, body: Readable | Buffer, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.${crypto.randomUUID()}.partial`;
    try {
      if (Buffer.isBuffer(body)) await fsp.writeFile(temp, body);
      else await pipeline(body, fs.createWriteStream(temp));
      await fsp.rename(temp, target);
    } catch (error) {
      await fsp.rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable | null> {
    const file = this.pathOf(key);
    if (!(await this.exists(key))) return null;
    return range ? fs.createReadStream(file, { start: range.start, end: range.end }) : fs.createReadStream(file);
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fsp.access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }
}
