/**
 * Small string helpers shared by the business-card parser and the contact-QR parser (pure, no I/O).
 */
import type { BusinessCardExtraction } from '~/lib/leads/card';

export function emptyExtraction(): BusinessCardExtraction {
  return {
    leadname: '',
    email: '',
    company: '',
    address: '',
    street: '',
    hno: '',
    plz: '',
    city: '',
    country: '',
    job: '',
    web: '',
    mobile: '',
    phone: '',
  };
}

/** Letters only, lower case, umlauts folded both ways' common spelling (ü -> ue, ß -> ss), accents dropped. */
export function foldLetters(value: string): string {
  return value
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]/g, '');
}

/** Like foldLetters, but umlauts lose their dots only (ü -> u): the other common spelling in e-mail addresses. */
export function foldLettersPlain(value: string): string {
  return value
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z]/g, '');
}

/** Country names and codes as printed on cards and in vCards -> ISO 3166-1 alpha-2. */
const COUNTRY_WORDS: Array<[RegExp, string]> = [
  [/^(deutschland|germany|allemagne|bundesrepublik deutschland|brd|de|deu|d)$/, 'DE'],
  [/^(österreich|oesterreich|austria|autriche|at|aut|a)$/, 'AT'],
  [/^(schweiz|switzerland|suisse|svizzera|ch|che)$/, 'CH'],
  [/^(united kingdom|great britain|england|scotland|wales|uk|gb|gbr|vereinigtes königreich|grossbritannien|großbritannien)$/, 'GB'],
  [/^(usa|u\.s\.a\.|us|u\.s\.|united states|united states of america|vereinigte staaten)$/, 'US'],
  [/^(frankreich|france|fr)$/, 'FR'],
  [/^(niederlande|netherlands|the netherlands|nederland|nl)$/, 'NL'],
  [/^(italien|italy|italia|it)$/, 'IT'],
  [/^(spanien|spain|españa|es)$/, 'ES'],
  [/^(belgien|belgium|belgique|be)$/, 'BE'],
  [/^(luxemburg|luxembourg|lu)$/, 'LU'],
  [/^(dänemark|denmark|danmark|dk)$/, 'DK'],
  [/^(polen|poland|polska|pl)$/, 'PL'],
  [/^(irland|ireland|ie)$/, 'IE'],
  [/^(kanada|canada|ca)$/, 'CA'],
];

/** ISO code for a country name or code, or '' when unknown. */
export function countryCode(value: string): string {
  const v = value.trim().toLowerCase().replace(/\s+/g, ' ').replace(/[.,;]+$/, '');
  if (!v) return '';
  for (const [re, code] of COUNTRY_WORDS) if (re.test(v)) return code;
  return '';
}

/** Country names that may stand alone on a card line (single letters and two-letter codes are too ambiguous). */
export function countryOfLine(line: string): string {
  const v = line.trim().replace(/[.,;]+$/, '');
  if (v.length < 3 && !/^(UK|USA|US)$/i.test(v)) return '';
  if (/^[a-z]{2,3}$/.test(v)) return '';
  return countryCode(v);
}
