/**
 * Business-card text -> BusinessCardExtraction (issue 18). Pure: the OCR text of a card's front (and back) goes in,
 * the fields of spec 000 point 3 come out; every field is '' when nothing fits. Heuristics, in this order:
 * e-mail and web (patterns), phones (libphonenumber: a number is kept only when valid; "Fax" lines are skipped,
 * "Mobil"/"Mobile"/"M" and "Tel"/"Phone"/"T" labels decide, else the number's type), the address (street + house
 * number, postcode + city in the DE/AT/CH, UK and US formats, the country), the company (legal form, company
 * words, or the line that spells the e-mail/web domain), the job title (DE/EN keywords) and the person's name
 * (a short line of capitalised words, preferring the one the e-mail's local part spells).
 */
import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';
import type { BusinessCardExtraction } from '~/lib/leads/card';
import { countryOfLine, emptyExtraction, foldLetters, foldLettersPlain } from './text-tools';

interface Line {
  /** The line as read, whitespace collapsed. */
  text: string;
  /** The line with e-mail, web and phone text taken out (for address, company, job and name). */
  rest: string;
  used: boolean;
}

const EMAIL_RE = /[a-z0-9][a-z0-9._%+-]*@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}/i;
const TLDS =
  'de|com|net|org|info|biz|eu|at|ch|li|uk|co\\.uk|org\\.uk|us|io|ai|app|dev|tech|digital|online|shop|store|agency|design|group|gmbh|berlin|hamburg|koeln|nrw|bayern|wien|swiss|fr|nl|be|lu|it|es|dk|se|no|pl|cz|ca|ie|co|me|tv|cloud|consulting|solutions|systems|media|studio';
const WEB_RE = new RegExp(
  `(?:^|[\\s,;:(])((?:https?:\\/\\/)?(?:www\\.)?[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\\.(?:${TLDS})(?:\\/[^\\s,;]*)?)(?=$|[\\s,;)])`,
  'i',
);
const WWW_RE = /(?:^|[\s,;:(])((?:https?:\/\/)?www\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:\/[^\s,;]*)?)/i;

const PHONE_RE = /(?:(?:\+|00)\s?)?\(?\d[\d\s()/.\-–]{4,}\d/g;
const FAX_LABEL = /\b(fax|telefax|fx|f)\b\.?\s*:?\s*$/i;
const MOBILE_LABEL = /\b(mobil|mobile|mobiltelefon|handy|cell|cellular|mob|m)\b\.?\s*:?\s*$/i;
const PHONE_LABEL = /\b(tel|tel\.|telefon|telephone|phone|fon|t|office|direct|direkt|durchwahl|zentrale|p|ph|fixed)\b\.?\s*:?\s*$/i;

const LEGAL_FORM =
  /(?:^|[\s,&(])(GmbH|gGmbH|mbH|AG|KG|KGaA|OHG|oHG|GbR|UG|e\.\s?K\.|e\.\s?V\.|SE|Ltd\.?|Limited|LLC|L\.L\.C\.|Inc\.?|Incorporated|Corp\.?|Corporation|PLC|plc|LLP|S\.A\.|SA|B\.V\.|N\.V\.|S\.r\.l\.|S\.p\.A\.|Co\.\s?KG|& Co\.?)(?=$|[\s,.)])/;
const COMPANY_WORDS =
  /\b(consulting|consultants|solutions|systems|systeme|group|gruppe|technologies|technology|technik|software|services|agentur|agency|studio|labs|partners|holding|international|industries|manufaktur|messebau|logistik|logistics|media|medien|werke|bank|versicherung|verlag|publishing|ventures|capital|engineering|maschinenbau|automation|automatisierung|energie|energy|pharma|bau|consult|handel|trading|events|marketing gmbh|kanzlei|architekten|immobilien|foods|robotics|analytics|networks|electronics|elektronik|stiftung|institut|institute|university|universität|hochschule)\b/i;

/** Job-title keywords (lower case, matched as word starts); DE and EN. */
const JOB_WORDS = [
  'geschäftsführ', 'geschaftsfuhr', 'leiter', 'leitung', 'vertrieb', 'verkauf', 'einkauf', 'marketing', 'inhaber',
  'gründer', 'grunder', 'vorstand', 'direktor', 'prokurist', 'berater', 'referent', 'sachbearbeit', 'projektmanag',
  'projektleit', 'produktmanag', 'ingenieur', 'entwickl', 'architekt', 'assistenz', 'assistent', 'mitarbeiter',
  'koordinat', 'spezialist', 'kundenbetreu', 'außendienst', 'aussendienst', 'innendienst', 'personal', 'technischer',
  'kaufmännisch', 'kaufmann', 'kauffrau', 'abteilung', 'bereichsleit', 'teamleit', 'key account', 'beauftragte',
  'consultant', 'manager', 'management', 'director', 'head of', 'head', 'chief', 'ceo', 'cto', 'cfo', 'coo', 'cmo',
  'cio', 'founder', 'co-founder', 'owner', 'president', 'vice president', 'vp', 'officer', 'engineer', 'developer',
  'designer', 'specialist', 'coordinator', 'analyst', 'assistant', 'representative', 'executive', 'sales', 'purchasing',
  'buyer', 'einkäufer', 'lead', 'senior', 'junior', 'account', 'business development', 'scientist', 'advisor',
  'adviser', 'partner', 'geschäftsleitung', 'niederlassungsleit', 'vertriebs', 'exportleit', 'produktion',
  'technical', 'commercial', 'operations', 'strategy', 'procurement', 'recruit', 'hr ', 'public relations', 'pr ',
  'redakteur', 'editor', 'journalist', 'trainer', 'coach', 'agent', 'administrator', 'administration', 'support',
];

const NAME_TITLES =
  /^(dr\.?|prof\.?|dipl\.-?[a-zä]*\.?|mag\.?|ing\.?|mba|m\.?sc\.?|b\.?sc\.?|m\.?a\.?|b\.?a\.?|ph\.?d\.?|mr\.?|mrs\.?|ms\.?|herr|frau|sir|dame|rer\.?|nat\.?|med\.?|h\.?c\.?|ll\.?m\.?)$/i;

const FREEMAIL = new Set([
  'gmail', 'googlemail', 'gmx', 'web', 'tonline', 'outlook', 'hotmail', 'live', 'yahoo', 'icloud', 'me', 'aol',
  'posteo', 'mail', 'freenet', 'protonmail', 'proton', 'mailbox', 'arcor', 'email', 'online',
]);

const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  ),
);

const EN_STREET_WORD =
  /(?<!\p{L})(street|st\.?|road|rd\.?|avenue|ave\.?|lane|ln\.?|drive|dr\.?|boulevard|blvd\.?|way|place|pl\.?|square|sq\.?|court|ct\.?|terrace|row|crescent|close|parkway|pkwy|highway|hwy|plaza|walk|gardens|hill|wharf|quay|mews)(?!\p{L})/iu;

/** Clean one OCR line: unify dashes and separators, drop stray symbols at the ends, collapse whitespace. */
function cleanLine(raw: string): string {
  return raw
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019\u00b4`]/g, "'")
    .replace(/\s*\((?:at|ät)\)\s*|\s*\[(?:at|ät)\]\s*/gi, '@')
    .replace(/\s+@\s*|\s*@\s+/g, '@')
    .replace(/[\t\u00a0]+/g, ' ')
    // "www.example. co.uk": OCR puts a space after a dot inside an address
    .replace(/((?:www\.|https?:\/\/)[^\s@]*\.)\s+(?=[a-z])/gi, '$1')
    .replace(/(@[^\s@]*\.)\s+(?=[a-z])/gi, '$1')
    // "ß" read as "f" or "B" at the end of a street name ("Werkstrafe", "HauptstraBe")
    .replace(/(\p{L})stra(?:f|B|fs|13)e(?=\s+\d)/gu, '$1straße')
    .replace(/^[\s|•·*_~=>»«"',;:-]+/, '')
    .replace(/[\s|•·*_~=<»«"',;-]+$/, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** Parts of a line between separators ("|", "•", "·", " - ", ","): a card puts several facts on one line. */
function segments(text: string, commas = true): string[] {
  const re = commas ? /\s*[|•·*]\s*|\s+-\s+|\s*,\s+/ : /\s*[|•·*]\s*|\s+-\s+/;
  return text
    .split(re)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function letterRatio(s: string): number {
  const letters = s.replace(/[^\p{L}]/gu, '').length;
  return s.length === 0 ? 0 : letters / s.replace(/\s/g, '').length;
}

function stripLabel(s: string): string {
  return s
    .replace(/^(e-?mail|mail|email|web|website|internet|www|url|homepage|adresse|address|anschrift|name|firma|company|position|titel|title)\s*:\s*/i, '')
    .trim();
}

function domainOf(email: string, web: string): string {
  const host = email ? email.split('@')[1] ?? '' : web.replace(/^https?:\/\//i, '').replace(/^www\./i, '').split('/')[0];
  const parts = host.toLowerCase().split('.');
  if (parts.length < 2) return '';
  // drop the TLD (and a second-level like co.uk)
  const sld = parts.length >= 3 && /^(co|org|ac|gov|com)$/.test(parts[parts.length - 2]) ? parts.length - 3 : parts.length - 2;
  return parts[sld] ?? '';
}

/** Country hint for phone numbers and 4-digit postcodes: an explicit country line, the TLD, a +CC prefix. */
function countryHint(lines: Line[], email: string, web: string): CountryCode | undefined {
  for (const l of lines) {
    for (const seg of segments(l.text)) {
      const c = countryOfLine(seg);
      if (c) return c as CountryCode;
    }
  }
  const all0 = lines.map((l) => l.text).join('\n');
  const usZip = /,\s*([A-Z]{2})\s+\d{5}(?:-\d{4})?\b/.exec(all0);
  if (usZip && US_STATES.has(usZip[1])) return 'US';
  if (/(?:^|[\s,])[A-Z]{1,2}\d[A-Z\d]?\s\d[A-Z]{2}\b/.test(all0)) return 'GB';
  const tld = (email.split('@')[1] ?? web.replace(/^https?:\/\//i, '').split('/')[0]).toLowerCase().split('.').pop();
  const byTld: Record<string, CountryCode> = { de: 'DE', at: 'AT', ch: 'CH', li: 'LI', uk: 'GB', us: 'US', fr: 'FR', nl: 'NL' };
  if (tld && byTld[tld]) return byTld[tld];
  const all = lines.map((l) => l.text).join('\n');
  const cc = /(?:\+|\b00)\s?(49|43|41|44|1)\b/.exec(all);
  if (cc) return ({ '49': 'DE', '43': 'AT', '41': 'CH', '44': 'GB', '1': 'US' } as Record<string, CountryCode>)[cc[1]];
  return undefined;
}

type PhoneKind = 'phone' | 'mobile' | 'fax';

function phoneKind(label: string, parsed: PhoneNumber): PhoneKind {
  if (FAX_LABEL.test(label)) return 'fax';
  if (MOBILE_LABEL.test(label)) return 'mobile';
  if (PHONE_LABEL.test(label)) return 'phone';
  return parsed.getType() === 'MOBILE' ? 'mobile' : 'phone';
}

/** Phone numbers of one line: (label, number) pairs; the label is the text since the previous number. */
function phonesOfLine(text: string, defaultCountry: CountryCode | undefined): Array<{ kind: PhoneKind; value: string; raw: string }> {
  const found: Array<{ kind: PhoneKind; value: string; raw: string }> = [];
  PHONE_RE.lastIndex = 0;
  let prevEnd = 0;
  for (let m = PHONE_RE.exec(text); m; m = PHONE_RE.exec(text)) {
    const raw = m[0];
    // a digit or letter glued to the front means it is part of something else (an IBAN, a postcode run)
    const before = text.slice(0, m.index);
    if (/[\p{L}\d]$/u.test(before) && !/\b(tel|fon|fax|mobil|t|m|f|p)$/i.test(before)) {
      prevEnd = m.index + raw.length;
      continue;
    }
    const label = text.slice(prevEnd, m.index);
    prevEnd = m.index + raw.length;
    const digits = raw.replace(/\D/g, '');
    if (digits.length < 6 || digits.length > 16) continue;
    // a number is a phone number when it looks like one (international "+49"/"0049", national "030", "(415)",
    // "415-692-0132") or has a phone label; "Am Marktplatz 3 - 93047" is a house number and a postcode
    const looksLikePhone =
      /^(\+|00|0|\()/.test(raw) ||
      /^\d{3}[-. ]\d{3}[-. ]\d{4}$/.test(raw.trim()) ||
      FAX_LABEL.test(label) ||
      MOBILE_LABEL.test(label) ||
      PHONE_LABEL.test(label);
    if (!looksLikePhone) continue;
    const candidate = raw
      .replace(/\(0\)/g, ' ')
      .replace(/^00/, '+')
      .replace(/–/g, '-')
      .trim();
    const parsed = parsePhoneNumberFromString(candidate, defaultCountry ?? 'DE');
    if (!parsed || !parsed.isValid()) continue;
    found.push({ kind: phoneKind(label, parsed), value: parsed.formatInternational(), raw });
  }
  return found;
}

interface AddressHit {
  street: string;
  hno: string;
  plz: string;
  city: string;
  country: string;
  printed: string[];
  lines: number[];
  /** Lines that keep a part besides the address (two-column cards: "Vertriebsleiterin | Werkstraße 31"). */
  rests: Map<number, string>;
}

function splitCityCountry(city: string): { city: string; country: string } {
  const words = city.split(/\s+/);
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const tail = words.slice(words.length - n).join(' ');
    const c = countryOfLine(tail);
    if (c) return { city: words.slice(0, words.length - n).join(' '), country: c };
  }
  return { city, country: '' };
}

/** Street and house number from a text before a postcode: "Hafenstraße 12a" (DE) or "221B Baker Street" (EN). */
export function parseStreet(text: string): { street: string; hno: string } | null {
  const s = stripLabel(text).replace(/[,;]+$/, '').trim();
  if (!s || /@/.test(s)) return null;
  const de = /^(\p{L}[\p{L}.'\- ]*?\p{L}\.?)\s+(\d{1,4}\s?[a-zA-Z]?(?:\s?[-/]\s?\d{1,4}\s?[a-zA-Z]?)?)$/u.exec(s);
  if (de && !/^(tel|fon|fax|mobil|phone|mobile|postfach|po box)$/i.test(de[1])) return { street: de[1], hno: de[2].replace(/\s+/g, '') };
  const en = /^(\d{1,5}[A-Za-z]?(?:-\d{1,5})?)\s+(\p{L}[\p{L}.'\- ]*\p{L}\.?)(?:,.*)?$/u.exec(s);
  if (en) return { street: en[2], hno: en[1] };
  return null;
}

function findAddress(lines: Line[], hint: CountryCode | undefined): AddressHit | null {
  // the US and UK formats are the more specific ones ("1450 Broadway" would pass for a Swiss postcode and town)
  for (const pass of ['us', 'uk', 'dach'] as const)
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i].rest;
    if (!text) continue;

    // --- DE / AT / CH: [D-|A-|CH-]12345 City
    const dach = pass !== 'dach' ? null : /(?:^|[\s,;])(?:(D|A|CH|DE|AT)\s?-\s?)?(\d{4,5})\s+(\p{Lu}[\p{L}'.-]*(?:\s(?:\p{L}[\p{L}'.-]*|\([\p{L} ]+\)))*)/u.exec(text);
    if (dach) {
      const before = text.slice(0, dach.index + (dach[0].length - dach[0].trimStart().length)).replace(/[\s,;|•·*-]+$/, '');
      const { city, country: inlineCountry } = splitCityCountry(dach[3].replace(/[.,]+$/, ''));
      // "1200 Market Street" is an American street, not a Swiss postcode and town
      const enStreet = EN_STREET_WORD.test(city) || /(straße|strasse|str\.)$/i.test(city.split(/\s+/).pop() ?? '');
      if (city && !enStreet && !/^(tel|fax|mobil|phone)/i.test(city)) {
        let country = inlineCountry;
        if (!country && dach[1]) country = { D: 'DE', DE: 'DE', A: 'AT', AT: 'AT', CH: 'CH' }[dach[1]] ?? '';
        if (!country) country = dach[2].length === 5 ? (hint && ['DE', 'FR', 'IT', 'ES'].includes(hint) ? hint : 'DE') : hint === 'AT' || hint === 'CH' || hint === 'LI' ? hint : '';
        let streetPart = before ? segments(before, false).pop() ?? '' : '';
        streetPart = streetPart.replace(/,$/, '');
        const hit: AddressHit = { street: '', hno: '', plz: dach[2], city, country, printed: [], lines: [i], rests: new Map() };
        const st = streetPart ? parseStreet(streetPart) : null;
        const otherParts = before ? segments(before, false) : [];
        if (st) {
          hit.street = st.street;
          hit.hno = st.hno;
          hit.printed.push(streetPart);
          otherParts.pop();
        } else if (i > 0 && lines[i - 1].rest) {
          const prevParts = segments(lines[i - 1].rest, false);
          const prevSeg = prevParts.pop() ?? '';
          const prev = parseStreet(prevSeg);
          if (prev) {
            hit.street = prev.street;
            hit.hno = prev.hno;
            hit.printed.push(prevSeg);
            if (prevParts.length > 0) hit.rests.set(i - 1, prevParts.join(' | '));
            else hit.lines.push(i - 1);
          }
        }
        if (otherParts.length > 0) hit.rests.set(i, otherParts.join(' | '));
        hit.printed.push(`${dach[1] ? `${dach[1]}-` : ''}${dach[2]} ${dach[3].replace(/[.,]+$/, '')}`);
        addCountryLine(lines, i, hit);
        return hit;
      }
    }

    // --- US: City, ST 12345
    const us = /(?:^|,\s*|\s)([\p{Lu}][\p{L}.'\- ]*?),?\s+([A-Z]{2})\s+(\d{5}(?:-\d{4})?)\b/u.exec(text);
    if (pass === 'us' && us && US_STATES.has(us[2])) {
      const cityPart = us[1].split(',').pop()!.trim();
      const before = text.slice(0, us.index).replace(/[\s,;]+$/, '');
      const hit: AddressHit = { street: '', hno: '', plz: us[3], city: cityPart, country: 'US', printed: [], lines: [i], rests: new Map() };
      const streetText = before ? segments(before, false).pop() ?? '' : i > 0 ? segments(lines[i - 1].rest, false).pop() ?? '' : '';
      const st = streetText ? parseStreet(streetText.split(',')[0]) : null;
      if (st) {
        hit.street = st.street;
        hit.hno = st.hno;
        hit.printed.push(streetText);
        if (!before) hit.lines.push(i - 1);
      }
      hit.printed.push(`${cityPart}, ${us[2]} ${us[3]}`);
      addCountryLine(lines, i, hit);
      return hit;
    }

    // --- UK: City AB1 2CD / City, AB12 3CD
    const uk = /(?:^|[\s,])([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})\b/.exec(text);
    if (pass === 'uk' && uk) {
      const before = text.slice(0, uk.index).replace(/[\s,;]+$/, '');
      const parts = before.split(/\s*,\s*|\s*[|•·]\s*|\s+-\s+/).filter(Boolean);
      let city = parts.pop() ?? '';
      let streetText = parts.pop() ?? '';
      const hit: AddressHit = { street: '', hno: '', plz: uk[1].replace(/\s+/, ' ').replace(/^(\S+?)(\d[A-Z]{2})$/, '$1 $2'), city: '', country: 'GB', printed: [], lines: [i], rests: new Map() };
      if (city && parseStreet(city)) {
        streetText = city;
        city = '';
      }
      if (!city && i > 0) {
        // "221B Baker Street, London" on the line above
        const prevParts = lines[i - 1].rest.split(/\s*,\s*/).filter(Boolean);
        if (prevParts.length && !parseStreet(prevParts[prevParts.length - 1])) city = prevParts.pop() ?? '';
        if (!streetText && prevParts.length) streetText = prevParts.pop() ?? '';
        hit.lines.push(i - 1);
      } else if (!streetText && i > 0) {
        streetText = lines[i - 1].rest.split(/\s*,\s*/)[0] ?? '';
        if (parseStreet(streetText)) hit.lines.push(i - 1);
      }
      hit.city = city.replace(/[.,]+$/, '');
      const st = streetText ? parseStreet(streetText) : null;
      if (st) {
        hit.street = st.street;
        hit.hno = st.hno;
        hit.printed.push(streetText);
      }
      if (hit.city || hit.street) {
        hit.printed.push(`${hit.city ? `${hit.city} ` : ''}${hit.plz}`);
        addCountryLine(lines, i, hit);
        return hit;
      }
    }
  }
  return null;
}

function addCountryLine(lines: Line[], i: number, hit: AddressHit): void {
  for (const j of [i + 1, i]) {
    const l = lines[j];
    if (!l) continue;
    for (const seg of segments(l.rest)) {
      const c = countryOfLine(seg);
      if (c) {
        hit.country = c;
        if (j !== i) hit.lines.push(j);
        if (!hit.printed.some((p) => p.includes(seg))) hit.printed.push(seg);
        return;
      }
    }
  }
}

function jobScore(seg: string): number {
  const s = ` ${seg.toLowerCase()} `;
  let score = 0;
  for (const w of JOB_WORDS) {
    const idx = s.indexOf(w);
    if (idx > 0 && !/[\p{L}]/u.test(s[idx - 1])) score += w.length > 3 ? 2 : 1;
    else if (idx > 0 && w.length >= 6) score += 1; // "Vertriebsleiterin", "Marketingleiter"
  }
  return score;
}

function nameWords(seg: string): string[] | null {
  const words = seg.split(/\s+/).filter(Boolean);
  const core = words.filter((w) => !NAME_TITLES.test(w));
  if (core.length < 2 || core.length > 5) return null;
  if (!/^[\p{Lu}]/u.test(core[0])) return null;
  for (const w of core) {
    // lower-case name particles: "Max von Berg", "Anna van der Meer", "Luca di Stefano"
    if (/^(von|vom|van|der|den|de|zu|zur|da|di|du|la|le|del|dos|ten|ter|al|el|bin)$/.test(w)) continue;
    if (!/^[\p{Lu}][\p{L}'.-]*$/u.test(w)) return null;
    if (/\d/.test(w)) return null;
    if (w.length === 1) return null;
    if (w.length === 2 && !w.endsWith('.')) return null;
  }
  return core;
}

/** How well the words fit the e-mail's local part ("anna.mueller", "amueller", "anna"). */
function localPartScore(words: string[], local: string): number {
  if (!local) return 0;
  const l = local.toLowerCase().replace(/[^a-z]/g, '');
  if (!l || /^(info|kontakt|contact|office|mail|sales|vertrieb|service|hello|hallo|team|post|empfang)$/.test(l)) return 0;
  let score = 0;
  for (const w of words) {
    const parts = w.split('-');
    for (const p of parts) {
      for (const f of [foldLetters(p), foldLettersPlain(p)]) {
        if (f.length >= 3 && l.includes(f)) {
          score += 2;
          break;
        }
      }
    }
  }
  const first = foldLettersPlain(words[0]);
  if (score === 0 && first && l.startsWith(first[0])) {
    const lastWord = words[words.length - 1];
    if ([foldLetters(lastWord), foldLettersPlain(lastWord)].some((f) => f.length >= 3 && l.includes(f))) score += 2;
  }
  return score;
}

export function parseBusinessCardText(text: string): BusinessCardExtraction {
  const out = emptyExtraction();
  const lines: Line[] = String(text ?? '')
    .split(/\r?\n/)
    .map(cleanLine)
    .filter((t) => t.length > 0 && /[\p{L}\d]/u.test(t))
    .map((t) => ({ text: t, rest: t, used: false }));
  if (lines.length === 0) return out;

  // --- e-mail
  for (const l of lines) {
    const m = EMAIL_RE.exec(l.rest.replace(/\s*\.\s*(?=[a-z]{2,}\b)/gi, '.'));
    if (m) {
      if (!out.email) out.email = m[0].toLowerCase().replace(/^(e-?mail|mail|email)[:.]?/i, '');
      l.rest = l.rest.replace(EMAIL_RE, ' ').replace(/\b(e-?mail|mail|email|e)\s*:?\s*$/i, '').trim();
    }
  }

  // --- web
  for (const l of lines) {
    const m = WWW_RE.exec(l.rest) ?? WEB_RE.exec(l.rest);
    if (m) {
      const value = m[1].replace(/[.,;/]+$/, '').toLowerCase();
      if (/^\d/.test(value)) continue;
      if (!out.web) out.web = value;
      l.rest = l.rest.replace(m[1], ' ').replace(/\b(web|www|internet|url|homepage|w|i)\s*:?\s*$/i, '').trim();
    }
  }

  const hint = countryHint(lines, out.email, out.web);

  // --- phones
  for (const l of lines) {
    const phones = phonesOfLine(l.rest, hint);
    if (phones.length === 0) continue;
    for (const p of phones) {
      if (p.kind === 'mobile' && !out.mobile) out.mobile = p.value;
      else if (p.kind === 'phone' && !out.phone) out.phone = p.value;
      l.rest = l.rest.replace(p.raw, ' ');
    }
    l.rest = l.rest
      .replace(/\b(tel|tel\.|telefon|telephone|phone|fon|fax|telefax|mobil|mobile|handy|cell|mob|direct|direkt|office|t|m|f|p|ph)\b\.?\s*:?/gi, ' ')
      .replace(/\s{2,}/g, ' ')
      .replace(/^[\s|•·,;:-]+|[\s|•·,;:-]+$/g, '')
      .trim();
  }

  // --- address
  const addr = findAddress(lines, hint);
  if (addr) {
    out.street = addr.street;
    out.hno = addr.hno;
    out.plz = addr.plz;
    out.city = addr.city;
    out.country = addr.country;
    out.address = addr.printed.join(', ');
    for (const i of addr.lines) {
      const keep = addr.rests.get(i);
      if (keep) lines[i].rest = keep;
      else lines[i].used = true;
    }
    for (const [i, keep] of addr.rests) if (!addr.lines.includes(i)) lines[i].rest = keep;
  } else {
    for (const l of lines) {
      const c = countryOfLine(l.rest);
      if (c) {
        out.country = c;
        l.used = true;
        break;
      }
    }
  }

  // Candidates for company, job and name: what is left of each unused line, split at separators.
  const cands: Array<{ line: number; seg: string }> = [];
  lines.forEach((l, i) => {
    if (l.used) return;
    const segs = segments(l.rest);
    // "Acme Robotics, Inc.": a legal form after a comma belongs to the name before it
    for (let k = segs.length - 1; k > 0; k--) {
      if (/^(Inc\.?|Ltd\.?|LLC|GmbH|AG|KG|Corp\.?|PLC|plc|LLP|S\.A\.|B\.V\.|Co\. KG|SE)$/.test(segs[k])) {
        segs.splice(k - 1, 2, `${segs[k - 1]}, ${segs[k]}`);
      }
    }
    for (const seg of segs) {
      const s = stripLabel(seg).replace(/[.,;:]+$/, (m) => (m.startsWith('.') ? m.slice(0, 1) : '')).trim();
      if (s.length >= 2 && letterRatio(s) >= 0.6 && !countryOfLine(s)) cands.push({ line: i, seg: s });
    }
  });
  const taken = new Set<string>();

  // --- company
  const domain = domainOf(out.email, out.web);
  const domainFold = domain && !FREEMAIL.has(domain.replace(/-/g, '')) ? domain.replace(/[^a-z]/g, '') : '';
  let company = cands.find((c) => LEGAL_FORM.test(c.seg) && c.seg.split(/\s+/).length <= 8);
  if (!company && domainFold.length >= 3) {
    const localPart = out.email.split('@')[0] ?? '';
    company = cands.find((c) => {
      // "Max von Berg" with m.vonberg@berg.de is the person, not the company
      const words = nameWords(c.seg);
      if (words && localPartScore(words, localPart) > 0) return false;
      const f = foldLetters(c.seg);
      const fp = foldLettersPlain(c.seg);
      return (
        f.length >= 3 &&
        (f === domainFold || fp === domainFold || f.includes(domainFold) || fp.includes(domainFold) || (domainFold.includes(f) && f.length >= 4))
      );
    });
  }
  if (!company) company = cands.find((c) => COMPANY_WORDS.test(c.seg) && jobScore(c.seg) === 0 && c.seg.split(/\s+/).length <= 6);
  if (company) {
    out.company = company.seg;
    taken.add(`${company.line}:${company.seg}`);
  }

  // --- name (before the job: a name spelled by the e-mail wins over a job word in it)
  const local = out.email.split('@')[0] ?? '';
  let best: { c: (typeof cands)[number]; score: number } | null = null;
  cands.forEach((c, idx) => {
    if (taken.has(`${c.line}:${c.seg}`)) return;
    const words = nameWords(c.seg);
    if (!words) return;
    let score = 2 + localPartScore(words, local) * 2;
    if (jobScore(c.seg) > 0) score -= 3;
    if (COMPANY_WORDS.test(c.seg) || LEGAL_FORM.test(c.seg)) score -= 3;
    if (words.length <= 3) score += 1;
    if (c.seg === c.seg.toUpperCase() && c.seg.length > 3) score -= 0.5;
    score -= idx * 0.1;
    if (domainFold && foldLetters(c.seg).includes(domainFold) && localPartScore(words, local) === 0) score -= 3;
    if (score > 0 && (!best || score > best.score)) best = { c, score };
  });
  const bestName = best as { c: (typeof cands)[number]; score: number } | null;
  if (bestName) {
    out.leadname = bestName.c.seg;
    taken.add(`${bestName.c.line}:${bestName.c.seg}`);
  }

  // --- job: the job-title line nearest the name (same line, the line below, the line above), then the strongest
  const nameLine = bestName ? bestName.c.line : -1;
  const nearness = (line: number): number => (nameLine < 0 ? 0 : line === nameLine ? 3 : line === nameLine + 1 ? 2 : line === nameLine - 1 ? 1 : 0);
  let job: { c: (typeof cands)[number]; score: number; near: number } | null = null;
  for (const c of cands) {
    if (taken.has(`${c.line}:${c.seg}`)) continue;
    const s = jobScore(c.seg);
    if (s <= 0 || c.seg.split(/\s+/).length > 8) continue;
    const near = nearness(c.line);
    if (!job || near > job.near || (near === job.near && s > job.score)) job = { c, score: s, near };
  }
  const bestJob = job as { c: (typeof cands)[number]; score: number; near: number } | null;
  if (bestJob) out.job = bestJob.c.seg;
  else if (bestName) {
    // no job word: a short line of words right under the name, that is nothing else, is taken for the job
    const below = cands.find(
      (c) =>
        (c.line === bestName.c.line + 1 || (c.line === bestName.c.line && c.seg !== bestName.c.seg)) &&
        !taken.has(`${c.line}:${c.seg}`) &&
        /^[\p{L}][\p{L}&/.,' -]*$/u.test(c.seg) &&
        c.seg.split(/\s+/).length <= 5,
    );
    if (below) out.job = below.seg;
  }

  return out;
}
