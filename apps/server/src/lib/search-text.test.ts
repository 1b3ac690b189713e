import { describe, expect, it } from 'vitest';
import { searchDocument, searchTerms, searchWords, WORD_MAX } from './search-text';

describe('search text', () => {
  it('folds case and accents and joins hyphenated words', () => {
    expect(searchWords('Wi-Fi WiFi wi‑fi Café NAÏVE don’t ﬁx')).toEqual([
      'wifi',
      'wifi',
      'wifi',
      'cafe',
      'naive',
      'dont',
      'fix',
    ]);
  });

  it('leaves letters and digits only, so no query syntax survives', () => {
    expect(searchWords('"NEAR(a b)" x* %_% a:* geyser&fan -leak')).toEqual([
      'near',
      'a',
      'b',
      'x',
      'a',
      'geyser',
      'fan',
      'leak',
    ]);
    expect(searchWords('x\uD800y \uDC00')).toEqual(['x', 'y']);
  });

  it('cuts a very long word', () => {
    expect(searchWords('a'.repeat(500))[0]).toHaveLength(WORD_MAX);
  });

  it('keeps each distinct word of a document once', () => {
    expect(searchDocument(['Tap tap', null, 'Leaking TAP'])).toBe('tap leaking');
  });

  it('takes the words of q as typed, leaving out those with no letter or digit', () => {
    expect(searchTerms('  * "  BTECH/1/23 Wi-Fi wifi ')).toEqual([
      { raw: 'BTECH/1/23', parts: ['btech', '1', '23'] },
      { raw: 'Wi-Fi', parts: ['wifi'] },
      { raw: 'wifi', parts: ['wifi'] },
    ]);
    expect(searchTerms('* % _ -')).toBeNull();
  });
});
