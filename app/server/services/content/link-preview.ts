import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Parser } from 'htmlparser2';
import { isHttpUrl, URL_MAX_LENGTH } from '~/lib/url';

/**
 * Open Graph preview of a BOOKMARK's page (og:title, og:description, og:image), read by the server when the link
 * is saved. The server must not become a way into the network it runs in: every address a host name resolves to
 * is checked when the connection is made (so a DNS answer cannot change in between), private, loopback,
 * link-local and other non-public addresses are refused, and so is every redirect that leads to one. Short
 * timeout, size cap, HTML only. Whatever fails leaves the preview empty; it never fails the save.
 */

export const PREVIEW_TIMEOUT_MS = 3_000;
export const PREVIEW_MAX_BYTES = 512 * 1024;
const MAX_REDIRECTS = 3;
const TITLE_MAX = 500;
const DESCRIPTION_MAX = 2_000;

/** `public`: public addresses only (the default); `any`: private ones too (tests, intranets); `off`: no fetch. */
export type LinkPreviewMode = 'off' | 'public' | 'any';

export interface LinkPreview {
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
}

export const EMPTY_PREVIEW: LinkPreview = { og_title: null, og_description: null, og_image: null };

const NON_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(address, prefix, 'ipv6');
}

/** A public unicast address (an IPv4-mapped IPv6 address counts as its IPv4 address). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const mappedHex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (mappedHex) {
    const [high, low] = [parseInt(mappedHex[1]!, 16), parseInt(mappedHex[2]!, 16)];
    return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  const family = net.isIP(address);
  if (!family) return false;
  return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

class BlockedAddressError extends Error {}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup that refuses non-public answers; used by the connection itself, so what is checked is what is used. */
function checkedLookup(mode: LinkPreviewMode) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const usable = mode === 'any' ? addresses : addresses.filter((a) => isPublicAddress(a.address));
      if (!usable.length || usable.length !== addresses.length) return callback(new BlockedAddressError(hostname), []);
      if (options.all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

interface Fetched {
  status: number;
  location: string | null;
  body: Buffer | null;
}

function getOnce(url: URL, mode: LinkPreviewMode, signal: AbortSignal): Promise<Fetched> {
  // an address written in the link is connected to without a lookup, so it is checked here
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (mode !== 'any' && net.isIP(literal) && !isPublicAddress(literal)) return Promise.reject(new BlockedAddressError(literal));
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      {
        lookup: checkedLookup(mode) as unknown as typeof dns.lookup,
        signal,
        headers: { accept: 'text/html,application/xhtml+xml', 'user-agent': 'FairplatformLinkPreview/1.0' },
      },
      (response) => {
        // first: a response left unread (resumed or destroyed) may still fail (the timeout's abort, a reset), and
        // an 'error' without a listener would end the process; after the answer, reject is a no-op
        response.on('error', reject);
        const status = response.statusCode ?? 0;
        const type = String(response.headers['content-type'] ?? '');
        if (status >= 300 && status < 400) {
          response.resume();
          return resolve({ status, location: response.headers.location ?? null, body: null });
        }
        if (status !== 200 || !/^(text\/html|application\/xhtml\+xml)\b/i.test(type)) {
          response.resume();
          return resolve({ status, location: null, body: null });
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > PREVIEW_MAX_BYTES) {
          response.destroy();
          return resolve({ status, location: null, body: null });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > PREVIEW_MAX_BYTES) {
            response.destroy();
            resolve({ status, location: null, body: null });
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ status, location: null, body: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
  });
}

/** The page's HTML, following at most three redirects, each to a web address checked like the first. */
async function fetchPage(link: string, mode: LinkPreviewMode): Promise<{ url: URL; html: string } | null> {
  const signal = AbortSignal.timeout(PREVIEW_TIMEOUT_MS);
  let url = new URL(link);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const fetched = await getOnce(url, mode, signal);
    if (fetched.location) {
      const next = new URL(fetched.location, url);
      if (!isHttpUrl(next.href)) return null;
      url = next;
      continue;
    }
    return fetched.body ? { url, html: fetched.body.toString('utf8') } : null;
  }
  return null;
}

const clean = (value: string | undefined, max: number) => {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : null;
};

/** The Open Graph fields of a page (falling back to its title and description), the picture as an absolute web address. */
export function parseOpenGraph(html: string, base: URL): LinkPreview {
  const found: Record<string, string> = {};
  let inTitle = false;
  let title = '';
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'title') inTitle = true;
        if (name !== 'meta') return;
        const key = (attributes.property ?? attributes.name ?? '').toLowerCase();
        if (['og:title', 'og:description', 'og:image', 'description'].includes(key) && !(key in found) && attributes.content) {
          found[key] = attributes.content;
        }
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'head') parser.pause();
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  let image: string | null = null;
  if (found['og:image']) {
    try {
      const absolute = new URL(found['og:image'], base).href;
      image = isHttpUrl(absolute) && absolute.length <= URL_MAX_LENGTH ? absolute : null;
    } catch {
      image = null;
    }
  }
  return {
    og_title: clean(found['og:title'] ?? title, TITLE_MAX),
    og_description: clean(found['og:description'] ?? found.description, DESCRIPTION_MAX),
    og_image: image,
  };
}

/** The preview of a link; empty when previews are off, the page cannot be read or it is not allowed. */
export async function linkPreview(link: string, mode: LinkPreviewMode): Promise<LinkPreview> {
  if (mode === 'off' || !isHttpUrl(link)) return EMPTY_PREVIEW;
  try {
    const page = await fetchPage(link, mode);
    return page ? parseOpenGraph(page.html, page.url) : EMPTY_PREVIEW;
  } catch {
    return EMPTY_PREVIEW;
  }
}
