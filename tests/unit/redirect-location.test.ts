import { describe, expect, it } from 'vitest';
import { headerSafeLocation, redirectWithToast } from '~/server/toast.server';

describe('headerSafeLocation', () => {
  it('keeps a plain path and its percent-encodings as they are', () => {
    expect(headerSafeLocation('/leads/edit-leadform?form=a%20b&x=1#top')).toBe('/leads/edit-leadform?form=a%20b&x=1#top');
  });

  it('encodes what a header cannot hold: NUL, spaces, control characters, non-ASCII letters and emoji', () => {
    expect(headerSafeLocation('/x?form=6räjl86d\u0000l0 z\u00070')).toBe('/x?form=6r%C3%A4jl86d%00l0%20z%070');
    expect(headerSafeLocation('/x?q=🎪')).toBe('/x?q=%F0%9F%8E%AA');
  });

  it('turns a lone surrogate into U+FFFD', () => {
    expect(headerSafeLocation('/x?q=\ud800')).toBe('/x?q=%EF%BF%BD');
  });

  it('lets redirectWithToast answer a redirect for any such path instead of throwing', async () => {
    const response = await redirectWithToast('/x?form=\u0000\ud800ä', { type: 'error', key: 'errors:generic' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/x?form=%00%EF%BF%BD%C3%A4');
  });
});
