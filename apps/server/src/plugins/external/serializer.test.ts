import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer } from './serializer';

const ZUser = z.object({
  id: z.number().int(),
  name: z.string(),
  rollNo: z.string().nullable(),
  role: z.enum(['student', 'admin']),
  team: z.object({ name: z.string() }).nullable(),
  tags: z.array(z.string()).optional(),
});

const compile = (validate: boolean) =>
  compiledSerializer({ validate })({ schema: ZUser, method: 'GET', url: '/x', httpStatus: '200' });

describe('the compiled response serializer', () => {
  it('writes only the properties the schema declares, so an extra column never leaks', () => {
    const body = compile(false)({
      id: 1,
      name: 'Asha "A" \\ Rao',
      rollNo: null,
      role: 'student',
      team: { name: 'Hostel 5', secret: 'x' },
      password_hash: '$argon2id$...',
    });
    expect(JSON.parse(body)).toEqual({
      id: 1,
      name: 'Asha "A" \\ Rao',
      rollNo: null,
      role: 'student',
      team: { name: 'Hostel 5' },
    });
    expect(body).not.toContain('argon2');
    expect(body).not.toContain('secret');
  });

  it('writes the same JSON as JSON.stringify for a body that matches its schema', () => {
    const user = {
      id: 2,
      name: 'Ravi 😀 </script>',
      rollNo: 'BTECH/1/23',
      role: 'admin',
      team: null,
      tags: ['a'],
    };
    expect(compile(false)(user)).toBe(JSON.stringify(user));
    expect(compile(true)(user)).toBe(JSON.stringify(user));
  });

  it('with validation on, refuses a body that drifted from its schema', () => {
    let thrown: unknown;
    try {
      compile(true)({ id: 'one', name: 'x', rollNo: null, role: 'student', team: null });
    } catch (err) {
      thrown = err;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });
});
