/**
 * The text of a scanned QR code -> ContactQrResult (issue 18). vCard 2.1, 3.0 and 4.0 (folded lines,
 * quoted-printable, CHARSET, escaped characters, TYPE parameters in all three spellings, tel: URIs) and MECARD
 * become a contact; anything else — a URL, plain text, a vCard without a name, e-mail, phone or company — is
 * INCOMPATIBLE ("QR code incompatible"). Pure.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { BusinessCardExtraction, ContactQrResult } from '~/lib/leads/card';
import { parseStreet } from './parse-text';
import { countryCode, emptyExtraction } from './text-tools';

interface Property {
  name: string;
  params: Map<string, string[]>;
  /** Bare 2.1 parameters (";CELL;WORK") and TYPE values, lower case. */
  types: Set<string>;
  value: string;
}

/** Joins folded lines: a CRLF followed by a space or tab continues the line; in 2.1 quoted-printable, a "=" at the end. */
function unfold(text: string): string[] {
  const raw = text.replace(/\r\n?/g, '\n').split('\n');
  const lines: string[] = [];
  for (const line of raw) {
    const prev = lines.length > 0 ? lines[lines.length - 1] : null;
    if (prev !== null && /^[ \t]/.test(line)) {
      lines[lines.length - 1] = prev + line.slice(1);
    } else if (prev !== null && /ENCODING=QUOTED-PRINTABLE|;QUOTED-PRINTABLE/i.test(prev.split(':')[0]) && prev.endsWith('=')) {
      lines[lines.length - 1] = prev.slice(0, -1) + line;
    } else {
      lines.push(line);
    }
  }
  return lines.filter((l) => l.trim().length > 0);
}

function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(value.slice(i + 1, i + 3))) {
      bytes.push(parseInt(value.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (ch === '=' && i === value.length - 1) {
      // soft line break left over
    } else {
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
    }
  }
  const enc = /^(iso-8859-1|latin1|windows-1252|cp1252)$/i.test(charset) ? 'latin1' : 'utf8';
  return Buffer.from(bytes).toString(enc);
}

/** Splits at unescaped separators and unescapes (\n, \, \; \: \\). */
function splitEscaped(value: string, sep: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value[i];
    if (ch === '\\' && i + 1 < value.length) {
      const next = value[i + 1];
      cur += next === 'n' || next === 'N' ? '\n' : next;
      i++;
    } else if (ch === sep) {
      parts.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  parts.push(cur);
  return parts.map((p) => p.trim());
}

function unescapeText(value: string): string {
  return splitEscaped(value, '\u0000')[0];
}

function parseProperty(line: string): Property | null {
  // the value starts after the first ':' that is not inside a quoted parameter value
  let inQuote = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') inQuote = !inQuote;
    else if (line[i] === ':' && !inQuote) {
      colon = i;
      break;
    }
  }
  if (colon < 0) return null;
  const head = line.slice(0, colon).split(';');
  const name = (head[0].split('.').pop() ?? '').toUpperCase().trim();
  const params = new Map<string, string[]>();
  const types = new Set<string>();
  for (const p of head.slice(1)) {
    const eq = p.indexOf('=');
    if (eq < 0) {
      types.add(p.trim().toLowerCase());
      continue;
    }
    const key = p.slice(0, eq).trim().toUpperCase();
    const values = p
      .slice(eq + 1)
      .replace(/^"|"$/g, '')
      .split(',')
      .map((v) => v.trim().replace(/^"|"$/g, ''));
    params.set(key, [...(params.get(key) ?? []), ...values]);
    if (key === 'TYPE') for (const v of values) types.add(v.toLowerCase());
  }
  let value = line.slice(colon + 1);
  const encoding = (params.get('ENCODING')?.[0] ?? (types.has('quoted-printable') ? 'QUOTED-PRINTABLE' : '')).toUpperCase();
  if (encoding === 'QUOTED-PRINTABLE') value = decodeQuotedPrintable(value, params.get('CHARSET')?.[0] ?? 'utf-8');
  return { name, params, types, value };
}

function formatPhone(value: string): string {
  const v = value.replace(/^tel:/i, '').split(';')[0].trim();
  const parsed = parsePhoneNumberFromString(v.replace(/\(0\)/g, ''), 'DE');
  return parsed && parsed.isValid() ? parsed.formatInternational() : v;
}

function applyAddress(out: BusinessCardExtraction, parts: string[]): void {
  // pobox; extended; street; locality; region; postal code; country
  const [pobox = '', ext = '', street = '', city = '', region = '', plz = '', country = ''] = parts;
  const streetLine = street.split('\n')[0].trim();
  const st = streetLine ? parseStreet(streetLine) : null;
  out.street = st ? st.street : streetLine;
  out.hno = st ? st.hno : '';
  out.city = city;
  out.plz = plz;
  out.country = countryCode(country) || (/^[A-Z]{2}$/.test(country) ? country : '');
  const cityLine = region && /^[A-Z]{2}$/.test(region) ? `${city}, ${region} ${plz}`.trim() : [plz, city].filter(Boolean).join(' ');
  out.address = [pobox, ext, street.replace(/\n/g, ', '), cityLine, country].filter((p) => p.trim()).join(', ');
}

function parseVCard(text: string): BusinessCardExtraction | null {
  const lines = unfold(text);
  if (!/^BEGIN:VCARD$/i.test(lines[0]?.trim() ?? '')) return null;
  const out = emptyExtraction();
  let fn = '';
  let nName = '';
  let phoneRank = -1;
  let emailRank = -1;
  let adrRank = -1;
  for (const line of lines) {
    const prop = parseProperty(line);
    if (!prop) continue;
    const rank = (prop.types.has('pref') || prop.params.has('PREF') ? 2 : 0) + (prop.types.has('work') ? 1 : 0);
    switch (prop.name) {
      case 'FN':
        fn = unescapeText(prop.value).trim();
        break;
      case 'N': {
        const [family = '', given = '', additional = '', prefix = '', suffix = ''] = splitEscaped(prop.value, ';');
        nName = [prefix, given, additional, family, suffix].map((s) => s.replace(/,/g, ' ').trim()).filter(Boolean).join(' ');
        break;
      }
      case 'ORG':
        out.company = splitEscaped(prop.value, ';')[0] ?? '';
        break;
      case 'TITLE':
        out.job = unescapeText(prop.value).trim();
        break;
      case 'ROLE':
        if (!out.job) out.job = unescapeText(prop.value).trim();
        break;
      case 'TEL': {
        if (prop.types.has('fax') || prop.types.has('pager')) break;
        const value = formatPhone(unescapeText(prop.value));
        if (!value) break;
        if (prop.types.has('cell') || prop.types.has('mobile') || prop.types.has('iphone')) {
          if (!out.mobile) out.mobile = value;
        } else if (rank > phoneRank) {
          out.phone = value;
          phoneRank = rank;
        }
        break;
      }
      case 'EMAIL': {
        const value = unescapeText(prop.value).replace(/^mailto:/i, '').trim().toLowerCase();
        if (value && rank > emailRank) {
          out.email = value;
          emailRank = rank;
        }
        break;
      }
      case 'URL':
        if (!out.web) out.web = unescapeText(prop.value).trim();
        break;
      case 'ADR':
        if (rank > adrRank) {
          applyAddress(out, splitEscaped(prop.value, ';'));
          adrRank = rank;
        }
        break;
      default:
        break;
    }
  }
  out.leadname = fn || nName;
  // a phone only typed CELL counts as mobile; a lone untyped mobile number is sorted by its type
  if (out.phone && !out.mobile) {
    const parsed = parsePhoneNumberFromString(out.phone, 'DE');
    if (parsed?.getType() === 'MOBILE' && phoneRank <= 0) {
      out.mobile = out.phone;
      out.phone = '';
    }
  }
  return out;
}

function parseMeCard(text: string): BusinessCardExtraction | null {
  const t = text.trim();
  if (!/^MECARD:/i.test(t)) return null;
  const out = emptyExtraction();
  const body = t.slice('MECARD:'.length);
  const fields = splitEscapedKeepColon(body);
  for (const f of fields) {
    const colon = f.indexOf(':');
    if (colon < 0) continue;
    const key = f.slice(0, colon).toUpperCase();
    const value = unescapeText(f.slice(colon + 1)).trim();
    if (!value) continue;
    switch (key) {
      case 'N': {
        const [family = '', given = ''] = value.split(',').map((s) => s.trim());
        out.leadname = given ? `${given} ${family}`.trim() : family;
        break;
      }
      case 'ORG':
        out.company = value;
        break;
      case 'TITLE':
        out.job = value;
        break;
      case 'TEL': {
        const formatted = formatPhone(value);
        const parsed = parsePhoneNumberFromString(formatted, 'DE');
        if (parsed?.getType() === 'MOBILE') {
          if (!out.mobile) out.mobile = formatted;
        } else if (!out.phone) out.phone = formatted;
        break;
      }
      case 'EMAIL':
        if (!out.email) out.email = value.toLowerCase();
        break;
      case 'URL':
        if (!out.web) out.web = value;
        break;
      case 'ADR': {
        const parts = value.split(',').map((s) => s.trim());
        if (parts.length === 7) applyAddress(out, parts);
        else {
          out.address = value;
          const m = /^(.*?),\s*(?:(\d{4,5})\s+([^,]+)|([^,]+?),?\s+([A-Z]{2})\s+(\d{5}))(?:,\s*(.+))?$/.exec(value);
          if (m) {
            const st = parseStreet(m[1]);
            out.street = st ? st.street : m[1];
            out.hno = st ? st.hno : '';
            out.plz = m[2] ?? m[6] ?? '';
            out.city = (m[3] ?? m[4] ?? '').trim();
            out.country = m[7] ? countryCode(m[7]) : m[5] ? 'US' : '';
          }
        }
        break;
      }
      default:
        break;
    }
  }
  return out;
}

/** MECARD fields end at an unescaped ';' (the escapes stay for unescapeText). */
function splitEscapedKeepColon(body: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (ch === '\\' && i + 1 < body.length) {
      cur += ch + body[i + 1];
      i++;
    } else if (ch === ';') {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

function useful(c: BusinessCardExtraction): boolean {
  return Boolean(c.leadname || c.email || c.phone || c.mobile || c.company);
}

export function parseContactQr(text: string): ContactQrResult {
  const t = String(text ?? '').replace(/^\uFEFF/, '').trim();
  if (t.length === 0 || t.length > 8000) return { kind: 'INCOMPATIBLE' };
  const contact = parseVCard(t) ?? parseMeCard(t);
  if (!contact || !useful(contact)) return { kind: 'INCOMPATIBLE' };
  return { kind: 'CONTACT', contact };
}
