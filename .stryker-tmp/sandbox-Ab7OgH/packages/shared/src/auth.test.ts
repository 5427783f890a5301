// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { registerFormSchema, registerSchema } from './auth.ts';
import { userCreateSchema } from './users.ts';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('register (issue 22)', () => {
  it.each(['op1@example', 'op1@localhost', 'a@b'])("refuses %s: 'Invalid email.'", (email) => {
    expect(messages(registerSchema.safeParse({ username: 'op1', email, password: 'secret123' }))).toEqual({
      email: 'Invalid email.',
    });
  });

  it('accepts an address with a domain of two labels or more', () => {
    expect(
      registerSchema.safeParse({ username: 'op1', email: 'op1@mail.example.com', password: 'secret123' }).success,
    ).toBe(true);
  });

  it("says 'Passwords must be identical.' even while other fields are still wrong (terms unchecked)", () => {
    const r = registerFormSchema.safeParse({
      username: 'op1',
      email: 'op1@example',
      password: 'secret123',
      confirmPassword: 'secret124',
    });
    expect(messages(r)).toMatchObject({ confirmPassword: 'Passwords must be identical.' });
  });

  it('the create-user form says it too, and still takes the first administrator admin@localhost', () => {
    const base = { username: 'x', email: 'admin@localhost', password: 'secret123', isActive: true };
    expect(userCreateSchema.safeParse({ ...base, confirmPassword: 'secret123' }).success).toBe(true);
    expect(messages(userCreateSchema.safeParse({ ...base, email: '', confirmPassword: 'nope' }))).toMatchObject({
      confirmPassword: 'Passwords must be identical.',
    });
    expect(messages(userCreateSchema.safeParse({ ...base, email: 'x@example', confirmPassword: 'secret123' }))).toEqual(
      {
        email: 'Invalid email.',
      },
    );
  });
});
