import { describe, expect, it } from 'vitest';
import { fillReply, UNKNOWN_STUDENT, ZSaveReplyRequest } from './replies';

describe('fillReply (CONTRACT 7.5)', () => {
  const on = { student: { name: 'Asha Verma' }, token: 'CMP-AB12CD34' };

  it('puts the student and the token in for every placeholder', () => {
    expect(fillReply('Dear {student}, {token} is fixed. {student}: see {token}.', on)).toBe(
      'Dear Asha Verma, CMP-AB12CD34 is fixed. Asha Verma: see CMP-AB12CD34.',
    );
  });

  it('leaves other braces, other cases and text without placeholders as written', () => {
    expect(fillReply('{name} {Student} {TOKEN} { token } plain', on)).toBe(
      '{name} {Student} {TOKEN} { token } plain',
    );
  });

  it('puts in a name as text, never reading it again as a placeholder or a replace pattern', () => {
    const odd = { student: { name: "$& {token} $'" }, token: 'CMP-X$1' };
    expect(fillReply('Hi {student} ({token})', odd)).toBe("Hi $& {token} $' (CMP-X$1)");
  });

  it(`says "${UNKNOWN_STUDENT}" for a complaint that names no student`, () => {
    for (const student of [null, undefined, { name: '' }, { name: '   ' }])
      expect(fillReply('Dear {student},', { student, token: 'CMP-1' })).toBe(`Dear ${UNKNOWN_STUDENT},`);
  });
});

describe('ZSaveReplyRequest', () => {
  it('trims the title and keeps the body exactly', () => {
    expect(ZSaveReplyRequest.parse({ title: '  Visit ', body: ' text\n' })).toEqual({
      title: 'Visit',
      body: ' text\n',
    });
  });
});
