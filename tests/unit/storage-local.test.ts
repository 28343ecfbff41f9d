import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalStorage } from '~/server/storage/local-storage.server';

const dirs: string[] = [];
function tempStorage() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-storage-'));
  dirs.push(dir);
  return { dir, storage: new LocalStorage(dir) };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function read(stream: Readable | null) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('local storage', () => {
  it('writes, reads (also a range), checks and deletes', async () => {
    const { storage } = tempStorage();
    await storage.put('org/1/a.txt', Readable.from([Buffer.from('hello world')]), 'text/plain');
    expect(await storage.exists('org/1/a.txt')).toBe(true);
    expect(await read(await storage.get('org/1/a.txt'))).toBe('hello world');
    expect(await read(await storage.get('org/1/a.txt', { start: 6, end: 10 }))).toBe('world');
    await storage.delete('org/1/a.txt');
    expect(await storage.get('org/1/a.txt')).toBeNull();
  });

  it('leaves nothing behind when the stream fails midway', async () => {
    const { dir, storage } = tempStorage();
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.put('org/1/b.bin', failing, 'application/octet-stream')).rejects.toThrow('client went away');
    expect(fs.readdirSync(path.join(dir, 'org/1'))).toEqual([]);
  });

  it('refuses keys that leave the folder', async () => {
    const { storage } = tempStorage();
    await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow('Invalid storage key');
  });
});
