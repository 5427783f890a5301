// @ts-nocheck
import { z } from 'zod';
import { emailField, nameField, passwordsIdentical, passwordsMatch, tooLong } from './fields.ts';
import { selectItem } from './hydra.ts';
import { MAX_PASSWORD, MIN_PASSWORD, passwordField } from './auth.ts';

export const UserMessages = {
  usernameRequired: 'Username is required.',
  profitRateRequired: 'Profit Rate is required.',
  profitRateRange: 'Must be in 0-100.',
} as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Required, 0-100: blank, null or missing is 'Profit Rate is required.' (the form never silently turns a
 * cleared field into 100); a number given as text ('40') is read, anything else is out of range. A new
 * user left without one takes the spec's default 100; an edit must say it.
 */
const profitRate = z.preprocess(
  (v) => (typeof v === 'string' && !blank(v) && Number.isFinite(Number(v)) ? Number(v) : v),
  z
    .number({ error: (i) => (blank(i.input) ? UserMessages.profitRateRequired : UserMessages.profitRateRange) })
    .min(0, UserMessages.profitRateRange)
    .max(100, UserMessages.profitRateRange),
);

const base = {
  username: nameField(UserMessages.usernameRequired, 'Username'),
  /** The first administrator is admin@localhost (bootstrap): accounts keep taking it. */
  email: emailField('Email is required.', 'Invalid email.', { localhost: true }),
  isActive: z.boolean().default(false),
  profitRate,
};

export const userCreateSchema = z
  .object({
    ...base,
    profitRate: z.preprocess((v) => (v === undefined ? 100 : v), profitRate),
    password: passwordField(),
    confirmPassword: z
      .string({ error: 'Confirm password is required.' })
      .min(1, 'Confirm password is required.')
      .max(MAX_PASSWORD, 'Passwords must be identical.'),
  })
  .refine(passwordsMatch, passwordsIdentical);
export type UserCreate = z.infer<typeof userCreateSchema>;
/** What a client sends to create a user. */
export type UserCreateBody = z.input<typeof userCreateSchema>;

/** On edit the password may stay empty (kept as it is), but when given it is checked like on create. */
export const userUpdateSchema = z
  .object({
    ...base,
    password: z
      .string()
      .max(MAX_PASSWORD, tooLong('Password', MAX_PASSWORD))
      .optional()
      .refine((p) => !p || p.length >= MIN_PASSWORD, 'Password must have at least 8 letters.'),
    confirmPassword: z.string().max(MAX_PASSWORD, 'Passwords must be identical.').optional(),
  })
  .refine(passwordsMatch, passwordsIdentical);
export type UserUpdate = z.infer<typeof userUpdateSchema>;
/** What a client sends to update a user. */
export type UserUpdateBody = z.input<typeof userUpdateSchema>;

export const userItem = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  isActive: z.boolean(),
  profitRate: z.number(),
  roles: z.array(z.string()),
  emailLists: z.array(selectItem),
});
export type User = z.infer<typeof userItem>;
