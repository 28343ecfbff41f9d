import { describe, expect, it } from 'vitest';
import { brandThemeStyle } from '~/lib/brand-theme';
import { brandTheme, readableAsText, readableOn } from '~/lib/personalization-theme';
import { passesAA } from '~/lib/schemas/personalization';

describe('a personalization theme (issue 24 item 4: colours contrast-checked, WCAG AA)', () => {
  it('puts white text on dark colours and dark text where white fails', () => {
    expect(readableOn('#283853')).toBe('#ffffff');
    expect(readableOn('#1a5e20')).toBe('#ffffff');
    // yellow: white is 1.4:1, the brand's dark blue passes
    expect(readableOn('#ffdd00')).toBe('#283853');
    // the brand pink: white is 3.6:1 and the dark blue 3.3:1, black passes
    expect(readableOn('#e45364')).toBe('#000000');
    for (const color of ['#777777', '#00ff00', '#ff0000', '#0000ff', '#ffffff', '#000000', '#808080', '#e45364']) {
      expect(passesAA(readableOn(color), color)).toBe(true);
    }
  });

  it('keeps a readable primary colour for links and darkens one that is not, keeping its hue', () => {
    expect(readableAsText('#283853')).toBe('#283853');
    const yellow = readableAsText('#ffdd00');
    expect(yellow).not.toBe('#ffdd00');
    expect(passesAA(yellow, '#ffffff')).toBe(true);
    expect(passesAA(yellow, '#f9fafb')).toBe(true);
    // still a yellow-brown, not the fallback blue
    expect(yellow).not.toBe('#283853');
    expect(passesAA(readableAsText('#ffffff'), '#ffffff')).toBe(true);
  });

  it('builds the theme and its CSS custom properties; a colour that is not #rrggbb falls back to the brand', () => {
    const theme = brandTheme('#FFDD00', '#1a5e20');
    expect(theme).toMatchObject({ primary: '#ffdd00', onPrimary: '#283853', secondary: '#1a5e20', onSecondary: '#ffffff' });
    expect(brandThemeStyle(theme)).toEqual({
      '--brand-primary': '#ffdd00',
      '--brand-on-primary': '#283853',
      '--brand-secondary': '#1a5e20',
      '--brand-on-secondary': '#ffffff',
      '--brand-link': theme.link,
    });
    expect(brandTheme('red', 'url(x)')).toMatchObject({ primary: '#283853', secondary: '#e45364' });
    expect(brandThemeStyle(null)).toBeUndefined();
  });
});
