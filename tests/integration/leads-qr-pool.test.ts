import crypto from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Package } from '~/lib/features';
import { contactFromQr } from '~/server/services/leads/card';
import { configureOcr, decodeQrImage, ocrOptions, shutdownOcr } from '~/server/services/leads/card/index.server';
import { createTestApp, type TestApp } from '../helpers/app';
import { addMember, createOrganization, createUser } from '../fixtures/factories';

/**
 * QR pictures are decoded in the card reader's worker pool (issue 24 item 1): through GraphQL leadContactFromQr a code
 * still becomes a contact; four 2000 x 2000 noise pictures at once leave the event loop free (before, jsqr ran on it
 * and held the server for seconds per picture); a picture over its time limit and a full queue are translated errors,
 * not 500s; one organisation's burst waits behind another organisation's next picture.
 */

let t: TestApp;
const defaults = { ...ocrOptions() };

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  configureOcr(defaults);
});
afterAll(async () => {
  await shutdownOcr();
  await t.close();
});

const VCARD = ['BEGIN:VCARD', 'VERSION:3.0', 'FN:Jonas Weber', 'ORG:Rheinwerk Automation AG', 'EMAIL:jonas.weber@rheinwerk-automation.de', 'END:VCARD'].join('\r\n');

/** A phone photo of a vCard code on a grey counter, as JPEG. */
async function qrPhoto(): Promise<Buffer> {
  const qr = await QRCode.toBuffer(VCARD, { type: 'png', margin: 4, width: 420 });
  return sharp(qr).extend({ top: 300, bottom: 300, left: 400, right: 400, background: '#7d7f84' }).jpeg({ quality: 85 }).toBuffer();
}

/** 2000 x 2000 pixels of noise: the worst case for the decoder, which finds finder-pattern candidates everywhere. */
async function noise(): Promise<Buffer> {
  return sharp(crypto.randomBytes(2000 * 2000 * 3), { raw: { width: 2000, height: 2000, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
}

async function salesUser(language: 'DE' | 'EN' = 'EN') {
  const org = await createOrganization(t.app.db, { suites: Package.SALES });
  const user = await createUser(t.app.db, { default_language: language });
  await addMember(t.app.db, org.id, user.id, { role: 'sales', sales: true });
  return { org, user };
}

type Answer = { data: { leadContactFromQr: { contact: { leadname: string; email: string } | null; error: { code: string; field: string; message: string } | null } } | null; errors?: unknown[] };

async function sendQr(userId: string, bytes: Buffer, lang: 'DE' | 'EN' = 'EN'): Promise<{ status: number; body: Answer }> {
  const query = `mutation($image: Upload) { leadContactFromQr(image: $image) { contact { leadname email } error { code field message } } }`;
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables: { image: null } }));
  form.append('map', JSON.stringify({ 0: ['variables.image'] }));
  form.append('0', new Blob([bytes]), 'qr.jpg');
  const res = await fetch(`${t.url}/graphql/?lang=${lang}`, { method: 'POST', body: form, headers: { authorization: `JWT ${await t.accessToken(userId)}` } });
  return { status: res.status, body: (await res.json()) as Answer };
}

describe('leadContactFromQr with a picture, in the worker pool', () => {
  it('still reads a vCard code in a photo', async () => {
    const { user } = await salesUser();
    const { status, body } = await sendQr(user.id, await qrPhoto());
    expect(status).toBe(200);
    expect(body.data!.leadContactFromQr).toEqual({ contact: { leadname: 'Jonas Weber', email: 'jonas.weber@rheinwerk-automation.de' }, error: null });
  });

  it('four 2000 x 2000 noise pictures at once leave the event loop free; each over its time limit is a translated error', async () => {
    configureOcr({ qrTimeoutMs: 1500 });
    const { user } = await salesUser('DE');
    const ctx = await t.serviceContext(user.id, 'DE');
    const pictures = await Promise.all([noise(), noise(), noise(), noise()]);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const answers = await Promise.allSettled(pictures.map((image) => contactFromQr(ctx, { image })));
    delay.disable();
    for (const answer of answers) {
      expect(answer.status).toBe('rejected');
      expect((answer as PromiseRejectedResult).reason).toMatchObject({
        code: 'INVALID',
        field: 'image',
        message: 'Das Bild hat zu lange zum Lesen gebraucht. Bitte fotografieren Sie nur den QR-Code, nah und scharf, oder tippen Sie den Kontakt ein.',
      });
    }
    // jsqr on the event loop blocked it for the whole decode (seconds per picture); in the pool it stays free
    expect(delay.max / 1e6).toBeLessThan(500);
    // the overrunning workers were ended: a new one reads the next picture (with the usual time limit: the machine is busy)
    configureOcr(defaults);
    expect(await contactFromQr(ctx, { image: await qrPhoto() })).toMatchObject({ kind: 'CONTACT', contact: { leadname: 'Jonas Weber' } });
  });

  it('a picture over its time limit is a translated error through GraphQL, not a 500', async () => {
    configureOcr({ qrTimeoutMs: 300 });
    const { user } = await salesUser('EN');
    const { status, body } = await sendQr(user.id, await noise());
    expect(status).toBe(200);
    expect(body.data!.leadContactFromQr).toEqual({
      contact: null,
      error: { code: 'INVALID', field: 'image', message: 'This picture took too long to read. Please take a photo of just the QR code, close up and sharp, or type the contact in.' },
    });
  });

  it('a full queue answers THROTTLED with a translated message', async () => {
    configureOcr({ workers: 1, maxQueue: 4, qrTimeoutMs: 1500 });
    const { user } = await salesUser('EN');
    const pictures = await Promise.all([noise(), noise(), noise()]);
    // one runs, one waits (an organisation's share of a queue of 4 is 1), the third is refused
    const answers = await Promise.all(pictures.map((picture) => sendQr(user.id, picture)));
    const errors = answers.map((answer) => answer.body.data!.leadContactFromQr.error);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(errors).toContainEqual({ code: 'THROTTLED', field: 'image', message: 'The picture reader is busy with other pictures. Please try again in a moment.' });
    expect(errors.filter((error) => error?.code === 'INVALID')).toHaveLength(2);
  });
});

describe('fairness between organisations', () => {
  it("one organisation's burst waits behind another organisation's picture", async () => {
    configureOcr({ workers: 1, maxQueue: 40, qrTimeoutMs: 1500 });
    const [a1, a2, a3] = await Promise.all([noise(), noise(), noise()]);
    const photo = await qrPhoto();
    const finished: string[] = [];
    const track = (name: string, work: Promise<unknown>) => work.then(() => finished.push(name), () => finished.push(name));
    const burst = [track('a1', decodeQrImage(a1, 'org-a')), track('a2', decodeQrImage(a2, 'org-a')), track('a3', decodeQrImage(a3, 'org-a'))];
    const other = track('b', decodeQrImage(photo, 'org-b'));
    await Promise.all([...burst, other]);
    // first come a1 (already running), then org-b's turn, then the rest of org-a's burst
    expect(finished).toEqual(['a1', 'b', 'a2', 'a3']);
  });
});
