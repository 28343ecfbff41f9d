import { describe, expect, it } from 'vitest';
import { httpOrMailtoUrl, httpUrl, safeHref } from '~/lib/url';

describe('httpUrl', () => {
  const schema = httpUrl(100);

  it('takes web addresses, trimmed', () => {
    expect(schema.parse('  https://shop.example/a?b=1#c ')).toBe('https://shop.example/a?b=1#c');
    expect(schema.parse('HTTP://intranet:8080/')).toBe('HTTP://intranet:8080/');
    expect(schema.parse('https://medium.example/@author/post')).toBe('https://medium.example/@author/post');
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    'mailto:info@example.com',
    'ftp://files.example/',
    'https:shop.example',
    '//shop.example',
    '/relative/path',
    'https://',
    'https://user:secret@shop.example/',
    'https://shop.example@evil.example/',
    'https://shop.example/a b',
    'https://shop.example/\u0007',
    'https://shop.example/\u200bx',
    `https://shop.example/${'a'.repeat(100)}`,
  ])('refuses %j', (value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});

describe('httpOrMailtoUrl', () => {
  const schema = httpOrMailtoUrl();

  it('saves an e-mail address with a mailto: prefix and keeps web and mailto links', () => {
    expect(schema.parse(' info@messe.example ')).toBe('mailto:info@messe.example');
    expect(schema.parse('mailto:info@messe.example?subject=Hallo')).toBe('mailto:info@messe.example?subject=Hallo');
    expect(schema.parse('https://messe.example')).toBe('https://messe.example');
  });

  it.each(['javascript:alert(1)', 'mailto:javascript:alert(1)', 'mailto:', 'mailto:a@b@c', 'info at messe.example'])('refuses %j', (value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});

describe('safeHref', () => {
  it('passes web and mailto links and nothing else', () => {
    expect(safeHref('https://shop.example/x')).toBe('https://shop.example/x');
    expect(safeHref('mailto:info@messe.example')).toBe('mailto:info@messe.example');
    for (const value of ['javascript:alert(1)', ' javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', '', null, undefined]) {
      expect(safeHref(value)).toBeUndefined();
    }
  });
});
