import { describe, expect, it } from 'vitest';
import { MSG_SEARCH } from './search-messages';
import { highlightPieces } from './search-text';

const marked = (text: string, q: string) =>
  highlightPieces(text, q)
    .filter((p) => p.match)
    .map((p) => p.text);

describe('highlightPieces', () => {
  it('marks the words a search word begins, by the index’s folding of case, accents and hyphens', () => {
    expect(marked('The Café Wi-Fi drops; the fan is fine', 'cafe wifi FAN')).toEqual([
      'Café',
      'Wi-Fi',
      'fan',
    ]);
    expect(marked('Kettles trip the floor', 'kett')).toEqual(['Kettles']);
  });

  it('keeps every character of the text, in order, marked or not', () => {
    const text = 'Socket <b>sparks</b> & smokes';
    expect(
      highlightPieces(text, 'sparks')
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
    expect(marked(text, 'sparks')).toEqual(['sparks']);
  });

  it('marks a token or a roll number matched whole', () => {
    expect(marked('CMP-7Q2K9 · 21CS1004', 'cmp-7q2k9')).toEqual(['CMP-7Q2K9']);
    expect(marked('CMP-7Q2K9 · 21CS1004', '21cs1004')).toEqual(['21CS1004']);
  });

  it('marks nothing for no search, or one of signs only', () => {
    expect(highlightPieces('A fan', '')).toEqual([{ text: 'A fan', match: false }]);
    expect(marked('A "fan"', '" * -')).toEqual([]);
  });
});

describe('MSG_SEARCH.count', () => {
  it('says one complaint, and any other number in the plural', () => {
    expect(MSG_SEARCH.count(1)).toBe('1 complaint');
    expect(MSG_SEARCH.count(0)).toBe('0 complaints');
    expect(MSG_SEARCH.count(12)).toBe('12 complaints');
    expect(MSG_SEARCH.count(1000, true)).toBe('More than 1,000 complaints');
  });
});
