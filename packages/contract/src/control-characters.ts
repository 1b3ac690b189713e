// CONTRACT 6.7: no text a client sends holds a control character but tab, line feed and carriage
// return. Without zod: the server applies it to every route's body, query and path parameters in
// one place (its validator compiler) and to the notice form's fields, and the web may apply it too.

/**
 * Unicode's control characters (general category Cc: U+0000–U+001F, U+007F–U+009F) except tab
 * (U+0009), line feed (U+000A) and carriage return (U+000D), which a description may hold. NUL is
 * the one PostgreSQL cannot store in text (it was a 500 there); the others are refused with it so
 * both dialects keep the same text, and none is anything a person types. Format characters
 * (U+200B, U+202E…) are not control characters and stay allowed: scripts need some of them.
 */
export const CONTROL_CHARACTER = /[^\P{Cc}\t\n\r]/u;

/** Whether a text holds a refused control character. */
export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text);

/** The 400's message for a field (its name, or its path written with dots) holding one. */
export const controlCharacterMessage = (field: string) => `${field} must not contain control characters`;

/** A key as a path may name it: its own control characters written as `\uXXXX`, never sent back raw. */
const shownKey = (key: string) =>
  hasControlCharacter(key)
    ? key.replace(
        new RegExp(CONTROL_CHARACTER.source, 'gu'),
        (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
      )
    : key;

/**
 * The path to the first text holding a control character in a value as a client sent it (a parsed
 * JSON body, a query string's or a path's parameters, a form's fields): keys are text too, so a key
 * holding one is named itself. Null when there is none. Depth-first in the value's own order, so the
 * same request always names the same field.
 */
export function controlCharacterPath(value: unknown): (string | number)[] | null {
  if (typeof value === 'string') return hasControlCharacter(value) ? [] : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const inner = controlCharacterPath(value[i]);
      if (inner) return [i, ...inner];
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      if (hasControlCharacter(key)) return [shownKey(key)];
      const inner = controlCharacterPath((value as Record<string, unknown>)[key]);
      if (inner) return [key, ...inner];
    }
  }
  return null;
}
