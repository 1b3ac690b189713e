import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvRow } from './csv';

describe('CSV cells', () => {
  it('leaves plain text, numbers and empty values as they are', () => {
    expect(csvRow(['CMP-AB12', 4, null, undefined, true, 'Fan'])).toBe('CMP-AB12,4,,,true,Fan\r\n');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('cr\r\nlf')).toBe('"cr\r\nlf"');
  });

  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+1+1', "'+1+1"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
  ])('makes the hostile cell %j inert: %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('keeps Hindi and other non-Latin text, and a negative number stays a number', () => {
    expect(csvCell('अमित कुमार')).toBe('अमित कुमार');
    expect(csvCell(-3)).toBe('-3');
    expect(CSV_BOM).toBe('\uFEFF');
  });
});
