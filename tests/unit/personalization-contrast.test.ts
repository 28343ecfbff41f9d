import { describe, expect, it } from 'vitest';
import { contrastRatio, passesAA, primaryContrastFails } from '~/lib/schemas/personalization';

describe('personalization contrast (colord a11y, WCAG 2)', () => {
  it('measures the contrast ratio of two colours', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#ffffff', '#283853')).toBeCloseTo(11.79, 1);
  });

  it('warns when white text on the primary colour fails AA (4.5:1), and only for a valid colour', () => {
    expect(primaryContrastFails('#283853')).toBe(false);
    expect(primaryContrastFails('#1a5e20')).toBe(false);
    expect(primaryContrastFails('#ffff00')).toBe(true);
    // #777777 is 4.48:1 against white: just below AA
    expect(primaryContrastFails('#777777')).toBe(true);
    expect(primaryContrastFails('#767676')).toBe(false);
    expect(primaryContrastFails('red')).toBe(false);
    expect(passesAA('#000000', '#ffff00')).toBe(true);
  });
});
