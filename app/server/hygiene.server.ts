/**
 * The one hygiene step for strings that come with a request: form fields (parseForm) and GraphQL variables and
 * string literals (graphql/hygiene.ts) pass it before any service or the database sees them. PostgreSQL refuses
 * NUL bytes in text, a lone UTF-16 surrogate cannot be stored as UTF-8, and no field of ours needs more than
 * MAX_REQUEST_STRING_CHARS characters (the longest form fields take 20 000; the shared zod schemas set the real
 * limits per field).
 */
export const MAX_REQUEST_STRING_CHARS = 100_000;

/** JSON values nested deeper than this are refused (the deepest real input, a layout tree, has six levels). */
export const MAX_REQUEST_DEPTH = 32;

export type StringProblem = 'NUL' | 'LONE_SURROGATE' | 'TOO_LONG';
export type ValueProblem = StringProblem | 'TOO_DEEP';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with one string from a request, or null. */
export function stringProblem(value: string, maxChars = MAX_REQUEST_STRING_CHARS): StringProblem | null {
  if (value.length > maxChars) return 'TOO_LONG';
  if (value.includes('\u0000')) return 'NUL';
  if (LONE_SURROGATE.test(value)) return 'LONE_SURROGATE';
  return null;
}

export interface FoundProblem {
  /** where: a form field's name, or a dotted path into a JSON value (`input.translations.0.title`) */
  path: string;
  problem: ValueProblem;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The first problem in a JSON-like value (GraphQL variables): every string and every object key is checked, arrays
 * and plain objects are walked (without recursion, so no nesting overflows the stack); anything else (numbers,
 * uploaded files) is left alone.
 */
export function findValueProblem(value: unknown, root = ''): FoundProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: root, depth: 0 }];
  const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const problem = stringProblem(item.value);
      if (problem) return { path: item.path, problem };
      continue;
    }
    const isArray = Array.isArray(item.value);
    if (!isArray && !isPlainObject(item.value)) continue;
    if (item.depth >= MAX_REQUEST_DEPTH) return { path: item.path, problem: 'TOO_DEEP' };
    if (isArray) {
      (item.value as unknown[]).forEach((child, index) => stack.push({ value: child, path: join(item.path, index), depth: item.depth + 1 }));
      continue;
    }
    for (const [key, child] of Object.entries(item.value as Record<string, unknown>)) {
      const keyProblem = stringProblem(key, 1000);
      if (keyProblem) return { path: join(item.path, key.slice(0, 50)), problem: keyProblem };
      stack.push({ value: child, path: join(item.path, key), depth: item.depth + 1 });
    }
  }
  return null;
}

/** Every form field whose name or text value has a problem (files are left to the upload checks). */
export function formDataProblems(formData: FormData): FoundProblem[] {
  const found = new Map<string, ValueProblem>();
  for (const [name, value] of formData.entries()) {
    const problem = stringProblem(name, 1000) ?? (typeof value === 'string' ? stringProblem(value) : null);
    if (problem && !found.has(name)) found.set(name, problem);
  }
  return [...found].map(([path, problem]) => ({ path, problem }));
}

/**
 * What is wrong with a request's path and query string, or null: the same string rules as for form fields, applied to
 * every path segment and query parameter after percent-decoding (route params such as a slug reach services and the
 * database unchanged). A percent sequence that does not decode is a problem too.
 */
export function urlProblem(originalUrl: string): ValueProblem | 'MALFORMED' | null {
  const queryStart = originalUrl.indexOf('?');
  const pathname = queryStart === -1 ? originalUrl : originalUrl.slice(0, queryStart);
  try {
    for (const segment of pathname.split('/')) {
      const problem = stringProblem(decodeURIComponent(segment), 2000);
      if (problem) return problem;
    }
  } catch {
    return 'MALFORMED';
  }
  if (queryStart === -1) return null;
  for (const [key, value] of new URLSearchParams(originalUrl.slice(queryStart + 1))) {
    const problem = stringProblem(key, 1000) ?? stringProblem(value);
    if (problem) return problem;
  }
  return null;
}
