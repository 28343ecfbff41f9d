import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isEmailAddress, safeHref } from '~/lib/safe-href';
import { safeHref as urlSafeHref } from '~/lib/url';

// ~/lib/safe-href checks links without zod (visitor JavaScript budget); it must answer as the form schemas do.
describe('safe-href (links on visitor pages, without zod)', () => {
  const zodEmail = z.string().email().max(254);
  const samples = [
    'info@example.com',
    'first.last+tag@sub.example.org',
    "o'brien@example.ie",
    '.dot@example.com',
    'dot.@example.com',
    'two..dots@example.com',
    'no-at.example.com',
    'a@b',
    'a@b.c',
    'a@-b.com',
    'a@b-.com',
    'user@exa_mple.com',
    'ümlaut@example.de',
    'a b@example.com',
    `${'a'.repeat(245)}@example.com`,
    `${'a'.repeat(250)}@example.com`,
    '',
  ];
  it.each(samples)('isEmailAddress(%j) agrees with z.string().email().max(254)', (value) => {
    expect(isEmailAddress(value)).toBe(zodEmail.safeParse(value).success);
  });

  it('keeps web and mailto links, drops everything else, as ~/lib/url does', () => {
    const links = ['https://example.com/a', 'mailto:info@example.com?subject=Hi', 'javascript:alert(1)', 'https://u:p@example.com', 'mailto:nobody', null, ''];
    expect(links.map((link) => safeHref(link))).toEqual(['https://example.com/a', 'mailto:info@example.com?subject=Hi', undefined, undefined, undefined, undefined, undefined]);
    expect(links.map((link) => urlSafeHref(link))).toEqual(links.map((link) => safeHref(link)));
  });
});
