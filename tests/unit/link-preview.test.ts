import { describe, expect, it } from 'vitest';
import { isPublicAddress, parseOpenGraph } from '~/server/services/content/link-preview';

describe('link previews', () => {
  it('treat private, loopback, link-local and special addresses as not public', () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', 'localhost']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('read Open Graph fields, falling back to the title and description; pictures only as web addresses', () => {
    const base = new URL('https://example.org/a/b');
    expect(parseOpenGraph('<title> Seite </title><meta name="description" content="Text">', base)).toEqual({
      og_title: 'Seite',
      og_description: 'Text',
      og_image: null,
    });
    expect(parseOpenGraph('<meta property="og:image" content="javascript:alert(1)">', base).og_image).toBeNull();
    expect(parseOpenGraph('<meta property="og:image" content="../p.png">', base).og_image).toBe('https://example.org/p.png');
  });
});
