import { describe, expect, it } from 'vitest';
import { readableText, sanitizeRichText } from '~/server/services/content/sanitize';

describe('readableText (the content pool list’s summary of a TEXT object, issue 24 item 11)', () => {
  it('reads character references once: stored "&amp;" is shown as "&", not as its source', () => {
    const stored = sanitizeRichText('<p>Tom & Jerry &lt;3</p>');
    expect(stored).toBe('<p>Tom &amp; Jerry &lt;3</p>');
    expect(readableText(stored)).toBe('Tom & Jerry <3');
  });

  it('keeps words of separate paragraphs, list entries and lines apart, and drops tags', () => {
    expect(readableText('<h2>Preise</h2><p><strong>Neu</strong>: ab 5&nbsp;€</p><ul><li>eins</li><li>zwei</li></ul>a<br>b')).toBe('Preise Neu: ab 5 € eins zwei a b');
  });

  it('is empty for empty text', () => {
    expect(readableText('')).toBe('');
  });
});
