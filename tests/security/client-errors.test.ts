import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

/**
 * Requests Node refuses before our handlers run (an address or headers over its 16 KB limit, a request that cannot
 * be parsed) are answered with their status and a sentence in German and English, not a bare status line, and
 * the server goes on serving.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Sends raw bytes on a fresh connection and returns everything the server wrote before it closed. */
function raw(request: string): Promise<string> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

const GERMAN_TOO_LONG = 'Die Adresse dieser Seite oder die Daten, die der Browser mit ihr gesendet hat, sind zu lang (mehr als 16 KB).';
const ENGLISH_TOO_LONG = 'The address of this page or the data the browser sent with it is too long (more than 16 KB).';

describe('requests Node refuses before any route', () => {
  it('a GET address over 16 KB is a 431 that says so in both languages', async () => {
    const res = await fetch(`${t.url}/convention/demo?q=${'a'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toContain(GERMAN_TOO_LONG);
    expect(text).toContain(ENGLISH_TOO_LONG);
  });

  it('a GraphQL GET whose query makes the address too long is the same 431', async () => {
    const query = `{ ${Array.from({ length: 2000 }, (_, i) => `a${i}: apiVersion`).join(' ')} }`;
    const res = await fetch(`${t.url}/graphql/?query=${encodeURIComponent(query)}`);
    expect(res.status).toBe(431);
    expect(await res.text()).toContain(ENGLISH_TOO_LONG);
  });

  it('headers over 16 KB are the same 431', async () => {
    const res = await fetch(`${t.url}/healthz`, { headers: { 'x-padding': 'b'.repeat(20_000) } });
    expect(res.status).toBe(431);
  });

  it('a request line that is no HTTP is a 400 with a sentence, and the connection is closed', async () => {
    const answer = await raw('HELLO WORLD\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain('Connection: close');
    expect(answer).toContain('Die Anfrage konnte nicht gelesen werden.');
    expect(answer).toContain('The request could not be read.');
  });

  it('the server goes on serving after each of them', async () => {
    await raw(`GET /${'c'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
  });
});
