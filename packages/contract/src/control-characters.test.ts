import { describe, expect, it } from 'vitest';
import { controlCharacterMessage, controlCharacterPath, hasControlCharacter } from './control-characters';

describe('hasControlCharacter', () => {
  it('refuses every control character of Unicode but tab, line feed and carriage return', () => {
    for (let c = 0; c <= 0x9f; c++) {
      const control = c < 0x20 || (c >= 0x7f && c <= 0x9f);
      const allowed = c === 0x09 || c === 0x0a || c === 0x0d;
      expect(hasControlCharacter(`a${String.fromCharCode(c)}b`), `U+${c.toString(16)}`).toBe(
        control && !allowed,
      );
    }
  });

  it('accepts format characters, other scripts and emoji', () => {
    for (const text of [
      'مرحبا \u202Eabc\u202C',
      'zero\u200Bwidth',
      'पानी नहीं आ रहा',
      '🙂👩🏽‍💻',
      'line\r\nnext\tcol',
    ])
      expect(hasControlCharacter(text), text).toBe(false);
  });
});

describe('controlCharacterPath', () => {
  it('names the first text holding one, in a nested value, or a key holding one', () => {
    expect(controlCharacterPath({ a: 'ok', b: 1, c: null, d: true })).toBeNull();
    expect(controlCharacterPath('x\u0000')).toEqual([]);
    expect(controlCharacterPath({ title: 'ok', description: 'a\u0007b', remarks: '\u0000' })).toEqual([
      'description',
    ]);
    expect(controlCharacterPath({ members: [{ userId: 1 }, { name: 'x\u001b' }] })).toEqual([
      'members',
      1,
      'name',
    ]);
    expect(controlCharacterPath({ 'a\u0000b': 'ok' })).toEqual(['a\\u0000b']);
    // a query string's object, as Fastify parses it, has no prototype
    expect(controlCharacterPath(Object.assign(Object.create(null), { q: ['a', 'b\u0000'] }))).toEqual([
      'q',
      1,
    ]);
  });

  it('writes the message in the style of the other 400s', () => {
    expect(controlCharacterMessage('q')).toBe('q must not contain control characters');
  });
});
