/** Keeps only digits, at most `max` of them (mobile numbers, one-time codes). */
export function digitsOnly(value: string, max: number) {
  return value.replace(/\D/g, '').slice(0, max);
}
