// @ts-nocheck
import { z } from 'zod';
import { emailField, nameField, passwordsIdentical, passwordsMatch, requiredString, tooLong } from './fields.ts';

export const MIN_PASSWORD = 8;
/** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
export const MAX_PASSWORD = 1024;

/** 'Password is required.' / 'Password must have at least 8 letters.' (register, user forms). */
export const passwordField = () =>
  z
    .string({ error: 'Password is required.' })
    .min(1, 'Password is required.')
    .min(MIN_PASSWORD, 'Password must have at least 8 letters.')
    .max(MAX_PASSWORD, tooLong('Password', MAX_PASSWORD));

export const loginSchema = z.object({
  // The first administrator is admin@localhost: signing in takes what the users' forms take.
  email: emailField('Email is required', 'Email is invalid.', { localhost: true }),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(MIN_PASSWORD, 'Minimum 8 symbols')
    .max(MAX_PASSWORD, tooLong('Password', MAX_PASSWORD)),
});
export type Login = z.infer<typeof loginSchema>;

const registerFields = {
  username: nameField('Username is required.', 'Username'),
  email: emailField('Email is required.', 'Invalid email.'),
  password: passwordField(),
};

/** What the server receives (form-encoded). */
export const registerSchema = z.object(registerFields);
export type Register = z.infer<typeof registerSchema>;

/** What the register form checks before sending. */
export const registerFormSchema = z
  .object({
    ...registerFields,
    confirmPassword: z.string({ error: 'Confirm password is required.' }).min(1, 'Confirm password is required.'),
    terms: z.literal(true, { error: 'You must agree to the terms.' }),
  })
  .refine(passwordsMatch, passwordsIdentical);

export const refreshSchema = z.object({
  refresh_token: requiredString('Refresh token is required.').max(512, 'Invalid refresh token.'),
});

/** POST /api/logout: ends the login of `refresh_token`; with `all`, every login of its user (decision 1331). */
export const logoutSchema = refreshSchema.extend({ all: z.boolean().optional() });

export interface TokenPair {
  token: string;
  refresh_token: string;
}

/** Claims carried by the access token. */
export interface TokenClaims {
  id: number;
  username: string;
  roles: string[];
}

/** GET /api/profile: the signed-in user. */
export const profileItem = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  profitRate: z.number(),
  /** Present (true) only while the console runs on the demo's data (DEMO, `npm run demo`). */
  demo: z.literal(true).optional(),
});
export type Profile = z.infer<typeof profileItem>;

export const AuthMessages = {
  badCredentials: 'Invalid credentials.',
  inactive: 'Your account is not active yet. An administrator must activate it.',
  tooManyAttempts: (seconds: number) => `Too many failed login attempts. Try again in ${seconds} seconds.`,
  registered: 'Your account has been created. An administrator must activate it before you can log in.',
  tooManySignUps: (seconds: number) => `Too many sign-ups from this address. Try again in ${seconds} seconds.`,
  registrationClosed: 'Registration is closed: an administrator creates the accounts.',
  selfRegistrationInvalid: 'Self-registration must be on or off.',
  usernameTaken: 'This username is already used.',
  emailTaken: 'This email is already used.',
  refreshInvalid: 'Invalid refresh token.',
  unauthorized: 'Authentication required.',
  forbidden: 'Access denied.',
} as const;

/** GET (anyone) and PUT (administrators) /api/registration: whether visitors may sign up (decision 1332). */
export const registrationSettingSchema = z.object({
  selfRegistration: z.boolean({ error: AuthMessages.selfRegistrationInvalid }),
});
export type RegistrationSetting = z.infer<typeof registrationSettingSchema>;
