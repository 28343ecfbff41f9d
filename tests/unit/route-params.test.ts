import { describe, expect, it } from 'vitest';
import { paramsOf } from '~/server/route-kit.server';

/** What a route function throws, or null when it returns. */
function thrownBy(work: () => unknown): unknown {
  try {
    work();
    return null;
  } catch (thrown) {
    return thrown;
  }
}

describe('paramsOf: a route reads its path parameters', () => {
  it('gives the named parameters as strings', () => {
    const { conventionslug, slug } = paramsOf({ conventionslug: 'messe', slug: 'agenda', other: 'x' }, 'conventionslug', 'slug');
    expect([conventionslug, slug]).toEqual(['messe', 'agenda']);
  });

  it('answers 404 for a parameter that is missing or empty', () => {
    for (const params of [{}, { slug: undefined }, { slug: '' }, { other: 'x' }]) {
      const thrown = thrownBy(() => paramsOf(params, 'slug'));
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
    }
    expect((thrownBy(() => paramsOf({ conventionslug: 'messe' }, 'conventionslug', 'slug')) as Response).status).toBe(404);
  });

  it('has only the names asked for as keys', () => {
    const read = paramsOf({ slug: 'a', id: 'b' }, 'slug');
    expect(Object.keys(read)).toEqual(['slug']);
    // @ts-expect-error: `id` was not asked for, so it is no key of the result
    expect(read.id).toBeUndefined();
    const slug: string = read.slug;
    expect(slug).toBe('a');
  });
});
