/**
 * The business-card reader end to end (issue 18): real OCR (tesseract.js worker threads, deu+eng models from
 * the npm packages) on three cards of the generated set — a clean German card, a photographed Swiss card (noise,
 * blur, turned by 2°, JPEG) and an English card with a back — and a vCard QR code in a photo through
 * decodeQrImage + parseContactQr. Independent of the lead service (which only calls these functions).
 */
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CardReadError,
  configureOcr,
  decodeQrImage,
  parseContactQr,
  readBusinessCard,
  shutdownOcr,
} from '~/server/services/leads/card/index.server';

const SET = path.resolve(__dirname, '../fixtures/business-cards/generated');
const picture = (name: string) => fs.readFileSync(path.join(SET, name));
const digits = (s: string) => s.replace(/\D/g, '');

afterAll(async () => {
  await shutdownOcr();
});

describe('readBusinessCard (real OCR)', () => {
  it('reads a clean German card, without blocking the event loop', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const card = await readBusinessCard([picture('c01-front.png')]);
    delay.disable();
    expect(card).toMatchObject({
      leadname: 'Dr. Anna Müller-Schmidt',
      job: 'Leiterin Vertrieb',
      company: 'Nordlicht Messebau GmbH',
      street: 'Hafenstraße',
      hno: '12a',
      plz: '20457',
      city: 'Hamburg',
      country: 'DE',
      email: 'anna.mueller@nordlicht-messebau.de',
      web: 'www.nordlicht-messebau.de',
    });
    expect(digits(card.phone)).toBe('49401234560');
    expect(digits(card.mobile)).toBe('491712345678');
    // the recognition runs in a worker thread: the main thread stays free for requests (a blocked loop would
    // show the whole OCR time, seconds, as one delay)
    expect(delay.max / 1e6).toBeLessThan(1000);
  });

  it('reads a photographed Swiss card (noise, blur, turned by 2 degrees, JPEG)', async () => {
    const card = await readBusinessCard([picture('c11-front.jpg')]);
    expect(card).toMatchObject({
      leadname: 'Martina Keller',
      company: 'Seeblick Hotels AG',
      plz: '8001',
      city: 'Zürich',
      country: 'CH',
      email: 'martina.keller@seeblick-hotels.ch',
      web: 'www.seeblick-hotels.ch',
    });
    expect(digits(card.phone)).toBe('41446681800');
    expect(digits(card.mobile)).toBe('41791234567');
  });

  it('reads front and back of an English card: the address comes from the back', async () => {
    const card = await readBusinessCard([picture('c26-front.jpg'), picture('c26-back.jpg')]);
    expect(card).toMatchObject({
      leadname: 'William Turner',
      company: 'Redwood Ventures LLP',
      job: 'Director of Partnerships',
      email: 'william.turner@redwoodventures.co.uk',
      street: 'King Street',
      hno: '9',
      plz: 'BS1 4EF',
      city: 'Bristol',
      country: 'GB',
    });
    expect(digits(card.mobile)).toBe('447834987654');
  });

  it('refuses what is no picture, and a recognition over the time limit, and recovers afterwards', async () => {
    await expect(readBusinessCard([Buffer.from('%PDF-1.4 not a picture')])).rejects.toMatchObject({ code: 'UNREADABLE_IMAGE' });
    await expect(readBusinessCard([])).rejects.toBeInstanceOf(CardReadError);
    configureOcr({ timeoutMs: 5 });
    try {
      await expect(readBusinessCard([picture('c05-front.png')])).rejects.toMatchObject({ code: 'TIMEOUT' });
    } finally {
      configureOcr({ timeoutMs: 20_000 });
    }
    // the overrunning worker was ended; a new one reads the next card
    const card = await readBusinessCard([picture('c05-front.png')]);
    expect(card.email).toBe('jonas.weber@rheinwerk-automation.de');
  });
});

describe('contact QR in a picture', () => {
  it('decodes a vCard QR photo and turns it into a contact; a URL QR is incompatible', async () => {
    const vcard = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Weber;Jonas;;;',
      'FN:Jonas Weber',
      'ORG:Rheinwerk Automation AG',
      'TITLE:Key Account Manager',
      'TEL;TYPE=CELL:+49 151 23456789',
      'EMAIL:jonas.weber@rheinwerk-automation.de',
      'ADR;TYPE=WORK:;;Industriestraße 7;Köln;;50735;Germany',
      'END:VCARD',
    ].join('\r\n');
    const qr = await QRCode.toBuffer(vcard, { type: 'png', margin: 4, width: 420 });
    // a phone photo of the code on a stand's counter: grey surroundings, slightly turned, JPEG
    const photo = await sharp(qr)
      .extend({ top: 300, bottom: 300, left: 400, right: 400, background: '#7d7f84' })
      .rotate(4, { background: '#7d7f84' })
      .jpeg({ quality: 85 })
      .toBuffer();
    const text = await decodeQrImage(photo);
    expect(text).toBe(vcard);
    const result = parseContactQr(text!);
    expect(result).toEqual({
      kind: 'CONTACT',
      contact: expect.objectContaining({
        leadname: 'Jonas Weber',
        company: 'Rheinwerk Automation AG',
        job: 'Key Account Manager',
        mobile: '+49 1512 3456789',
        email: 'jonas.weber@rheinwerk-automation.de',
        street: 'Industriestraße',
        hno: '7',
        plz: '50735',
        city: 'Köln',
        country: 'DE',
      }),
    });

    const urlQr = await QRCode.toBuffer('https://example.com/', { type: 'png', width: 300 });
    const urlText = await decodeQrImage(urlQr);
    expect(urlText).toBe('https://example.com/');
    expect(parseContactQr(urlText!)).toEqual({ kind: 'INCOMPATIBLE' });
  });
});
