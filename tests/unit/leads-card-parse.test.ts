import { describe, expect, it } from 'vitest';
import { parseBusinessCardText } from '~/server/services/leads/card/parse-text';

describe('parseBusinessCardText', () => {
  it('reads a German card: name with title, job, company, one-line address, labelled phones', () => {
    const r = parseBusinessCardText(
      [
        'Dr. Anna Müller-Schmidt',
        'Leiterin Vertrieb',
        '',
        'Nordlicht Messebau GmbH',
        'Hafenstraße 12a · 20457 Hamburg',
        'Tel. +49 (0)40 123456-0',
        'Mobil +49 171 2345678',
        'Fax +49 40 123456-99',
        'anna.mueller@nordlicht-messebau.de',
        'www.nordlicht-messebau.de',
      ].join('\n'),
    );
    expect(r).toEqual({
      leadname: 'Dr. Anna Müller-Schmidt',
      job: 'Leiterin Vertrieb',
      company: 'Nordlicht Messebau GmbH',
      address: 'Hafenstraße 12a, 20457 Hamburg',
      street: 'Hafenstraße',
      hno: '12a',
      plz: '20457',
      city: 'Hamburg',
      country: 'DE',
      email: 'anna.mueller@nordlicht-messebau.de',
      web: 'www.nordlicht-messebau.de',
      phone: '+49 40 1234560',
      mobile: '+49 171 2345678',
    });
  });

  it('leaves out the fax and tells mobile from landline by the number when there is no label', () => {
    const r = parseBusinessCardText('Jonas Weber\nFax +49 221 9876549\n+49 221 9876540\n+49 151 23456789');
    expect(r.phone).toBe('+49 221 9876540');
    expect(r.mobile).toBe('+49 1512 3456789');
  });

  it('takes the label over the number type (T / M / F on one line, separated by bars)', () => {
    const r = parseBusinessCardText('T +44 20 7946 0958 | M +44 7911 123456 | F +44 20 7946 0959');
    expect(r.phone).toBe('+44 20 7946 0958');
    expect(r.mobile).toBe('+44 7911 123456');
  });

  it('ignores numbers that are no valid phone numbers (postcodes, order numbers)', () => {
    const r = parseBusinessCardText('Kundennr. 123-45\n20457 Hamburg\nTel. 12345');
    expect(r.phone).toBe('');
    expect(r.mobile).toBe('');
    expect(r.plz).toBe('20457');
  });

  it('does not take a house number and postcode for a phone number', () => {
    const r = parseBusinessCardText('Am Marktplatz 3 - 93047 Regensburg\nTel. +49 941 567890');
    expect(r.phone).toBe('+49 941 567890');
    expect(r).toMatchObject({ street: 'Am Marktplatz', hno: '3', plz: '93047', city: 'Regensburg' });
  });

  it('reads names with lower-case particles', () => {
    expect(parseBusinessCardText('Anna van der Meer\nProjektleiterin\na.vandermeer@meer-design.nl').leadname).toBe('Anna van der Meer');
    expect(parseBusinessCardText('Max von Berg\nm.vonberg@berg.de').leadname).toBe('Max von Berg');
  });

  it('takes the short line under the name for the job when no job word fits', () => {
    expect(parseBusinessCardText('Maximilian Berger\nSommelier\nm.berger@weinhaus-am-berg.de').job).toBe('Sommelier');
  });

  it('reads a national German number with the country of the card', () => {
    const r = parseBusinessCardText('Mobil 0171 5556667\nTelefon 030 2345 6789\nBerlin');
    expect(r.mobile).toBe('+49 171 5556667');
    expect(r.phone).toBe('+49 30 23456789');
  });

  it('reads a UK card: postcode after the city, country line, company with Ltd', () => {
    const r = parseBusinessCardText(
      "JAMES O'CONNOR\nHead of Business Development\nBlue Harbor Consulting Ltd\n221B Baker Street\nLondon NW1 6XE\nUnited Kingdom\njames.oconnor@blueharbor.co.uk\nblueharbor.co.uk",
    );
    expect(r).toMatchObject({
      leadname: "JAMES O'CONNOR",
      job: 'Head of Business Development',
      company: 'Blue Harbor Consulting Ltd',
      street: 'Baker Street',
      hno: '221B',
      plz: 'NW1 6XE',
      city: 'London',
      country: 'GB',
      web: 'blueharbor.co.uk',
    });
  });

  it('reads a US card: City, ST zip, a comma before Inc., phone words and a fax', () => {
    const r = parseBusinessCardText(
      'Sarah Miller\nChief Technology Officer\nAcme Robotics, Inc.\n1200 Market Street\nSan Francisco, CA 94103\nPhone (415) 692-0132\nFax (415) 692-0199\nsarah.miller@acmerobotics.com',
    );
    expect(r).toMatchObject({
      leadname: 'Sarah Miller',
      company: 'Acme Robotics, Inc.',
      street: 'Market Street',
      hno: '1200',
      plz: '94103',
      city: 'San Francisco',
      country: 'US',
      phone: '+1 415 692 0132',
      mobile: '',
    });
  });

  it('reads Austrian and Swiss 4-digit postcodes with the country from the country line or the TLD', () => {
    const at = parseBusinessCardText('Mariahilfer Straße 45/3\n1060 Wien\nÖsterreich\nl.gruber@alpenblick.at');
    expect(at).toMatchObject({ street: 'Mariahilfer Straße', hno: '45/3', plz: '1060', city: 'Wien', country: 'AT' });
    const ch = parseBusinessCardText('Bahnhofstrasse 15\nCH-8001 Zürich\nmartina.keller@seeblick-hotels.ch');
    expect(ch).toMatchObject({ street: 'Bahnhofstrasse', hno: '15', plz: '8001', city: 'Zürich', country: 'CH' });
  });

  it('finds a company without legal form by the e-mail domain, and the name by the local part', () => {
    const r = parseBusinessCardText('Weinhaus Am Berg\nMaximilian Berger\nSommelier\nmax.berger@weinhaus-amberg.de');
    expect(r.company).toBe('Weinhaus Am Berg');
    expect(r.leadname).toBe('Maximilian Berger');
  });

  it('does not take a job title for the name, and splits "name, job" lines', () => {
    const r = parseBusinessCardText('Key Account Manager\nTobias Richter, Geschäftsführer\ninfo@richter-bau.de');
    expect(r.leadname).toBe('Tobias Richter');
    expect(r.job).toBe('Geschäftsführer');
  });

  it('repairs common OCR slips: spaced @ and dots, ß read as f', () => {
    const r = parseBusinessCardText('o.bennett @ harbourside-foods.co.uk\nwww.harbourside-foods. co.uk\nWerkstrafe 31\n33602 Bielefeld');
    expect(r.email).toBe('o.bennett@harbourside-foods.co.uk');
    expect(r.web).toBe('www.harbourside-foods.co.uk');
    expect(r.street).toBe('Werkstraße');
    expect(r.city).toBe('Bielefeld');
  });

  it('keeps the job beside a street on a two-column line', () => {
    const r = parseBusinessCardText('Julia Becker\nVertriebsleiterin      | Werkstraße 31\n33602 Bielefeld\nj.becker@becker-maschinenbau.de');
    expect(r.job).toBe('Vertriebsleiterin');
    expect(r.street).toBe('Werkstraße');
  });

  it('gives empty fields for empty or meaningless text', () => {
    for (const t of ['', '   \n\n', '~~~ ||| ---', '12345']) {
      const r = parseBusinessCardText(t);
      expect(Object.values(r).every((v) => v === '')).toBe(true);
    }
  });
});
