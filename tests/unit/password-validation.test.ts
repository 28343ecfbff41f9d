import { describe, expect, it } from 'vitest';
import {
  isCommonPassword,
  isEntirelyNumeric,
  passwordProblems,
  quickRatio,
  tooSimilarAttribute,
} from '~/server/auth/password-validation.server';

// The user of Django's UserAttributeSimilarityValidatorTest (without the username, which we do not have).
const user = { email: 'testclient@example.com', firstName: 'Test', lastName: 'Client' };

describe('quickRatio (difflib.SequenceMatcher.quick_ratio)', () => {
  it('matches Python for known pairs', () => {
    expect(quickRatio('abcd', 'bcde')).toBeCloseTo(0.75);
    expect(quickRatio('example.com', 'example')).toBeCloseTo(14 / 18);
    expect(quickRatio('', '')).toBe(1);
    expect(quickRatio('a', '')).toBe(0);
    // each character of b is matched at most as often as it occurs there
    expect(quickRatio('aaaa', 'a')).toBeCloseTo(2 / 5);
  });
});

describe('tooSimilarAttribute (Django UserAttributeSimilarityValidator)', () => {
  it('rejects a password similar to the e-mail address or one of its parts', () => {
    expect(tooSimilarAttribute('example.com', user)).toBe('email');
    expect(tooSimilarAttribute('testclient', user)).toBe('email');
  });

  it('honours max_similarity like Django: 0.3 on the first name rejects "testclient"', () => {
    expect(tooSimilarAttribute('testclient', user, { attributes: ['firstName'], maxSimilarity: 0.3 })).toBe('firstName');
  });

  it('with max_similarity 1 still rejects a password identical to the attribute', () => {
    expect(tooSimilarAttribute(user.firstName, user, { attributes: ['firstName'], maxSimilarity: 1 })).toBe('firstName');
  });

  it('refuses a max_similarity below 0.1', () => {
    expect(() => tooSimilarAttribute('x', user, { maxSimilarity: 0.09 })).toThrow('maxSimilarity must be at least 0.1');
  });

  it('passes "testclient" against the first name at the default 0.7', () => {
    expect(tooSimilarAttribute('testclient', user, { attributes: ['firstName'] })).toBeNull();
  });

  it('compares case-insensitively and splits names at non-word characters', () => {
    expect(tooSimilarAttribute('MÜLLER', { lastName: 'Müller-Lüdenscheidt' })).toBe('lastName');
    expect(tooSimilarAttribute('Sonnenblume', { lastName: 'Müller-Lüdenscheidt' })).toBeNull();
    expect(tooSimilarAttribute('ludenscheidt', { lastName: 'Müller-Lüdenscheidt' })).toBe('lastName');
  });

  it('skips values far shorter than the password (length ratio)', () => {
    expect(tooSimilarAttribute('averyveryveryverylongpassphrase', { firstName: 'Al' })).toBeNull();
  });

  it('ignores empty attributes', () => {
    expect(tooSimilarAttribute('whatever-it-is', {})).toBeNull();
  });
});

describe('common and numeric passwords', () => {
  it('knows the most common passwords, case-insensitively', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('qwerty')).toBe(true);
    expect(isCommonPassword('Lichtung-Ahorn-73')).toBe(false);
  });

  it('detects entirely numeric passwords', () => {
    expect(isEntirelyNumeric('12345678901')).toBe(true);
    expect(isEntirelyNumeric('1234567a')).toBe(false);
    expect(isEntirelyNumeric('')).toBe(false);
  });
});

describe('passwordProblems', () => {
  it('accepts a good password', () => {
    expect(passwordProblems('Lichtung-Ahorn-73', user)).toEqual([]);
  });

  it('reports every failing rule together', () => {
    expect(passwordProblems('123456', user).map((p) => p.code)).toEqual([
      'PASSWORD_TOO_SHORT',
      'PASSWORD_TOO_COMMON',
      'PASSWORD_ENTIRELY_NUMERIC',
    ]);
    expect(passwordProblems('testclient', user)).toEqual([{ code: 'PASSWORD_TOO_SIMILAR', attribute: 'email' }]);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblems('😀😀😀😀😀😀😀', {}).map((p) => p.code)).toEqual(['PASSWORD_TOO_SHORT']);
  });
});
