import { dictionary } from '@zxcvbn-ts/language-common';

/** Spec 001 point 9: password minimum 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;
/** Django's default for UserAttributeSimilarityValidator. */
export const DEFAULT_MAX_SIMILARITY = 0.7;
/** Django's CommonPasswordValidator checks the 20,000 most common passwords. */
const COMMON_PASSWORD_COUNT = 20_000;

export type PasswordProblem =
  | { code: 'PASSWORD_TOO_SHORT'; minLength: number }
  | { code: 'PASSWORD_TOO_SIMILAR'; attribute: SimilarityAttribute }
  | { code: 'PASSWORD_TOO_COMMON' }
  | { code: 'PASSWORD_ENTIRELY_NUMERIC' };

export type SimilarityAttribute = 'email' | 'firstName' | 'lastName';

export interface PasswordUserAttributes {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/** Code points, as Python's len() and iteration see a str. */
const chars = (value: string) => Array.from(value);

/**
 * difflib.SequenceMatcher(a, b).quick_ratio(): an upper bound on ratio() from the multiset of shared
 * characters, 2 * matches / (len(a) + len(b)), 1.0 for two empty strings.
 */
export function quickRatio(a: string, b: string): number {
  const aChars = chars(a);
  const bChars = chars(b);
  const fullBCount = new Map<string, number>();
  for (const c of bChars) fullBCount.set(c, (fullBCount.get(c) ?? 0) + 1);
  const avail = new Map<string, number>();
  let matches = 0;
  for (const c of aChars) {
    const numb = avail.has(c) ? avail.get(c)! : (fullBCount.get(c) ?? 0);
    avail.set(c, numb - 1);
    if (numb > 0) matches += 1;
  }
  const length = aChars.length + bChars.length;
  return length ? (2 * matches) / length : 1;
}

/**
 * Django's exceeds_maximum_length_ratio: a value much shorter than the password can never reach the
 * similarity bound, so the comparison is skipped.
 */
function exceedsMaximumLengthRatio(password: string, maxSimilarity: number, value: string): boolean {
  const passwordLength = chars(password).length;
  const lengthBoundSimilarity = (maxSimilarity / 2) * passwordLength;
  const valueLength = chars(value).length;
  return passwordLength >= 10 * valueLength && valueLength < lengthBoundSimilarity;
}

// Python's re \W+ on str: anything but Unicode letters, digits and the underscore.
const NON_WORD = /[^\p{L}\p{N}_]+/u;

/**
 * Django's UserAttributeSimilarityValidator: the lower-cased password is compared with each attribute and with
 * each of its parts split at non-word characters; quick_ratio() >= maxSimilarity rejects. Returns the first
 * attribute that is too similar, or null.
 */
export function tooSimilarAttribute(
  password: string,
  user: PasswordUserAttributes,
  options: { maxSimilarity?: number; attributes?: SimilarityAttribute[] } = {},
): SimilarityAttribute | null {
  const maxSimilarity = options.maxSimilarity ?? DEFAULT_MAX_SIMILARITY;
  if (maxSimilarity < 0.1) throw new RangeError('maxSimilarity must be at least 0.1');
  const lowered = password.toLowerCase();
  for (const attribute of options.attributes ?? (['email', 'firstName', 'lastName'] as const)) {
    const value = user[attribute];
    if (!value) continue;
    const valueLower = value.toLowerCase();
    const parts = [...valueLower.split(NON_WORD), valueLower];
    for (const part of parts) {
      if (exceedsMaximumLengthRatio(lowered, maxSimilarity, part)) continue;
      if (quickRatio(lowered, part) >= maxSimilarity) return attribute;
    }
  }
  return null;
}

let commonPasswords: Set<string> | null = null;

/** The 20,000 most common passwords of zxcvbn-ts' ranked list (the size of Django's list), lower-cased. */
export function isCommonPassword(password: string): boolean {
  if (!commonPasswords) {
    const ranked = dictionary['passwords-common'] as string[];
    commonPasswords = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  }
  return commonPasswords.has(password.toLowerCase().trim());
}

/** Python's str.isdigit() for the characters a keyboard produces: non-empty and digits only. */
export function isEntirelyNumeric(password: string): boolean {
  return /^\p{Nd}+$/u.test(password);
}

/** Runs every rule and returns all problems (empty when the password is acceptable). */
export function passwordProblems(password: string, user: PasswordUserAttributes = {}): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (chars(password).length < PASSWORD_MIN_LENGTH) {
    problems.push({ code: 'PASSWORD_TOO_SHORT', minLength: PASSWORD_MIN_LENGTH });
  }
  const similar = tooSimilarAttribute(password, user);
  if (similar) problems.push({ code: 'PASSWORD_TOO_SIMILAR', attribute: similar });
  if (isCommonPassword(password)) problems.push({ code: 'PASSWORD_TOO_COMMON' });
  if (isEntirelyNumeric(password)) problems.push({ code: 'PASSWORD_ENTIRELY_NUMERIC' });
  return problems;
}
