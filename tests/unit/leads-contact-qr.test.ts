import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseContactQr } from '~/server/services/leads/card/contact-qr';
import { decodeQrImage } from '~/server/services/leads/card/qr-image.server';

function contact(text: string) {
  const r = parseContactQr(text);
  if (r.kind !== 'CONTACT') throw new Error(`expected a contact, got ${r.kind}`);
  return r.contact;
}

describe('parseContactQr: vCard', () => {
  it('reads a vCard 3.0 with N/FN, ORG units, TITLE, typed phones (fax left out), EMAIL, URL, ADR', () => {
    const c = contact(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'N:Müller-Schmidt;Anna;;Dr.;',
        'FN:Dr. Anna Müller-Schmidt',
        'ORG:Nordlicht Messebau GmbH;Vertrieb',
        'TITLE:Leiterin Vertrieb',
        'TEL;TYPE=WORK,VOICE:+49 40 1234560',
        'TEL;TYPE=CELL:+49 171 2345678',
        'TEL;TYPE=WORK,FAX:+49 40 1234569',
        'EMAIL;TYPE=INTERNET,WORK:anna.mueller@nordlicht-messebau.de',
        'URL:https://www.nordlicht-messebau.de',
        'ADR;TYPE=WORK:;;Hafenstraße 12a;Hamburg;;20457;Deutschland',
        'END:VCARD',
      ].join('\r\n'),
    );
    expect(c).toEqual({
      leadname: 'Dr. Anna Müller-Schmidt',
      company: 'Nordlicht Messebau GmbH',
      job: 'Leiterin Vertrieb',
      phone: '+49 40 1234560',
      mobile: '+49 171 2345678',
      email: 'anna.mueller@nordlicht-messebau.de',
      web: 'https://www.nordlicht-messebau.de',
      street: 'Hafenstraße',
      hno: '12a',
      plz: '20457',
      city: 'Hamburg',
      country: 'DE',
      address: 'Hafenstraße 12a, 20457 Hamburg, Deutschland',
    });
  });

  it('reads a vCard 2.1 with bare type parameters, quoted-printable in Latin-1 and UTF-8, soft line breaks', () => {
    const c = contact(
      [
        'BEGIN:VCARD',
        'VERSION:2.1',
        'N;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:M=FCller;J=FCrgen',
        'ORG;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:B=C3=A4ckerei Sch=C3=B6n GmbH & Co. =',
        'KG',
        'TEL;CELL:0171 5556667',
        'TEL;WORK;VOICE:030 23456789',
        'EMAIL;INTERNET:j.mueller@baeckerei-schoen.de',
        'END:VCARD',
      ].join('\r\n'),
    );
    expect(c.leadname).toBe('Jürgen Müller');
    expect(c.company).toBe('Bäckerei Schön GmbH & Co. KG');
    expect(c.mobile).toBe('+49 171 5556667');
    expect(c.phone).toBe('+49 30 23456789');
    expect(c.email).toBe('j.mueller@baeckerei-schoen.de');
  });

  it('reads a vCard 4.0 with folded lines, escaped characters, tel: URIs and TYPE lists in quotes', () => {
    const c = contact(
      [
        'BEGIN:VCARD',
        'VERSION:4.0',
        'FN:Sarah Miller',
        'N:Miller;Sarah;;;',
        'ORG:Acme Robotics\\, Inc.',
        'TITLE:Chief Technology Officer\\; Co-Founder',
        'TEL;VALUE=uri;TYPE="voice,work":tel:+1-415-692-0132',
        'TEL;VALUE=uri;TYPE="cell,voice":tel:+1-415-771-2233',
        'EMAIL:sarah.miller@acme',
        ' robotics.com',
        'ADR;TYPE=work:;Suite 400;1200 Market Street;San Francisco;CA;94103;USA',
        'END:VCARD',
      ].join('\n'),
    );
    expect(c).toMatchObject({
      leadname: 'Sarah Miller',
      company: 'Acme Robotics, Inc.',
      job: 'Chief Technology Officer; Co-Founder',
      phone: '+1 415 692 0132',
      mobile: '+1 415 771 2233',
      email: 'sarah.miller@acmerobotics.com',
      street: 'Market Street',
      hno: '1200',
      city: 'San Francisco',
      plz: '94103',
      country: 'US',
    });
    expect(c.address).toBe('Suite 400, 1200 Market Street, San Francisco, CA 94103, USA');
  });

  it('uses N when there is no FN', () => {
    expect(contact('BEGIN:VCARD\nVERSION:3.0\nN:Weber;Jonas;;;\nEND:VCARD').leadname).toBe('Jonas Weber');
  });
});

describe('parseContactQr: MECARD', () => {
  it('reads N (family,given), TEL, EMAIL, URL, ADR, ORG with escaped separators', () => {
    const c = contact(
      'MECARD:N:Gruber,Lukas;ORG:Alpenblick\\; Tourismus;TEL:+43 664 1234567;TEL:+43 1 5123456;EMAIL:l.gruber@alpenblick.at;URL:https\\://www.alpenblick.at;ADR:Mariahilfer Straße 45/3, 1060 Wien, Österreich;;',
    );
    expect(c).toMatchObject({
      leadname: 'Lukas Gruber',
      company: 'Alpenblick; Tourismus',
      mobile: '+43 664 1234567',
      phone: '+43 1 5123456',
      email: 'l.gruber@alpenblick.at',
      web: 'https://www.alpenblick.at',
      street: 'Mariahilfer Straße',
      hno: '45/3',
      plz: '1060',
      city: 'Wien',
      country: 'AT',
    });
  });
});

describe('parseContactQr: anything else is INCOMPATIBLE', () => {
  it.each([
    ['a URL', 'https://example.com/lead'],
    ['plain text', 'Hallo Welt'],
    ['Wi-Fi', 'WIFI:T:WPA;S:Messe;P:geheim;;'],
    ['an empty string', ''],
    ['a vCard without anything useful', 'BEGIN:VCARD\nVERSION:3.0\nNOTE:nothing\nEND:VCARD'],
    ['a broken vCard', 'BEGIN:VCARD\nFN'],
    ['a calendar event', 'BEGIN:VEVENT\nSUMMARY:Messe\nEND:VEVENT'],
  ])('%s', (_label, text) => {
    expect(parseContactQr(text)).toEqual({ kind: 'INCOMPATIBLE' });
  });
});

describe('decodeQrImage', () => {
  const vcard = 'BEGIN:VCARD\nVERSION:3.0\nFN:Jonas Weber\nEMAIL:jonas.weber@rheinwerk-automation.de\nEND:VCARD';

  it('reads a QR code in a PNG, also when it is small, on grey and turned by 90 degrees', async () => {
    const png = await QRCode.toBuffer(vcard, { type: 'png', margin: 4, width: 300 });
    expect(await decodeQrImage(png)).toBe(vcard);
    const photo = await sharp(png)
      .extend({ top: 200, bottom: 200, left: 300, right: 300, background: '#9a9a9a' })
      .rotate(90)
      .jpeg({ quality: 80 })
      .toBuffer();
    expect(await decodeQrImage(photo)).toBe(vcard);
  });

  it('returns null for a picture without a code and refuses what is no picture', async () => {
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } }).png().toBuffer();
    expect(await decodeQrImage(blank)).toBeNull();
    await expect(decodeQrImage(Buffer.from('not a picture'))).rejects.toMatchObject({ code: 'UNREADABLE_IMAGE' });
  });
});
