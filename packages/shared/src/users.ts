import { z } from 'zod';
import { emailField, requiredString } from './fields.ts';
import { MIN_PASSWORD } from './auth.ts';

const profitRate = z.coerce
  .number({ error: 'Profit Rate is required.' })
  .min(0, 'Must be in 0-100.')
  .max(100, 'Must be in 0-100.');

const base = {
  username: requiredString('Username is required.'),
  email: emailField('Email is required.', 'Invalid email.'),
  isActive: z.boolean().default(false),
  profitRate: z.preprocess((v) => (v === '' || v === null ? undefined : v), profitRate.default(100)),
};

const passwordsMatch = (v: { password?: string | undefined; confirmPassword?: string | undefined }) =>
  (v.password ?? '') === (v.confirmPassword ?? '');
const mismatch = { path: ['confirmPassword'], message: 'Passwords must be identical.' };

export const userCreateSchema = z
  .object({
    ...base,
    password: z
      .string({ error: 'Password is required.' })
      .min(1, 'Password is required.')
      .min(MIN_PASSWORD, 'Password must have at least 8 letters.'),
    confirmPassword: z.string({ error: 'Confirm password is required.' }).min(1, 'Confirm password is required.'),
  })
  .refine(passwordsMatch, mismatch);
export type UserCreate = z.infer<typeof userCreateSchema>;

/** On edit the password may stay empty (kept as it is), but when given it is checked like on create. */
export const userUpdateSchema = z
  .object({
    ...base,
    password: z
      .string()
      .optional()
      .refine((p) => !p || p.length >= MIN_PASSWORD, 'Password must have at least 8 letters.'),
    confirmPassword: z.string().optional(),
  })
  .refine(passwordsMatch, mismatch);
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export interface User {
  id: number;
  username: string;
  email: string;
  isActive: boolean;
  profitRate: number;
  roles: string[];
  emailLists: { id: number; name: string }[];
}
