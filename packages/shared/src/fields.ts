import { z } from 'zod';
import { isId } from './ids.ts';

/** The spec's name-like maximum: every name, username and title the spec does not bound otherwise. */
export const NAME_MAX = 100;
/** RFC 5321: an address is at most 254 characters. */
export const EMAIL_MAX = 254;
/** Free texts (URLs, descriptions, searches) the spec does not bound. */
export const TEXT_MAX = 2048;

export const tooLong = (label: string, max: number) => `${label} must be no longer than ${max} characters.`;

/** A string that must be present and non-blank after trimming; one message for both cases. */
export const requiredString = (message: string) => z.string({ error: message }).trim().min(1, message);

/** A required name: trimmed, non-blank, at most `max` characters ('Name must be no longer than 100 characters.'). */
export const nameField = (required: string, label = 'Name', max = NAME_MAX) =>
  requiredString(required).max(max, tooLong(label, max));

/** A search or filter text of a collection query: trimmed, bounded, blank means no filter. */
export const searchText = (label = 'Search') =>
  z
    .string()
    .trim()
    .max(NAME_MAX * 2, tooLong(label, NAME_MAX * 2))
    .optional()
    .transform((v) => v || undefined);

/**
 * E-mail syntax as browsers check `<input type=email>` (WHATWG), with a domain of two labels or more
 * (`op1@example` cannot be delivered to; issue 22). `{ localhost: true }` also takes `name@localhost`, the
 * first administrator's address (accounts' forms only).
 */
export const emailField = (required: string, invalid: string, o: { localhost?: boolean } = {}) =>
  requiredString(required)
    .max(EMAIL_MAX, tooLong('Email', EMAIL_MAX))
    .pipe(z.email({ pattern: z.regexes.html5Email, error: invalid }))
    .refine((v) => hasDeliverableDomain(v, o.localhost ?? false), invalid);

const hasDeliverableDomain = (address: string, localhost: boolean) => {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  return domain.includes('.') || (localhost && domain === 'localhost');
};

/**
 * The check of a password and its confirmation: 'Passwords must be identical.' on confirmPassword. It runs
 * even while other fields are invalid (zod skips an object's refinements then), so the register and user
 * forms show it at once.
 */
export const passwordsIdentical = {
  path: ['confirmPassword'],
  message: 'Passwords must be identical.',
  when: (p: { value: unknown }) => {
    const v = p.value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof v === 'object' && v !== null && typeof v.password === 'string';
  },
};
export const passwordsMatch = (v: { password?: string | undefined; confirmPassword?: string | undefined }) =>
  (v.password ?? '') === (v.confirmPassword ?? '');

/**
 * A reference to another row: an id, an IRI such as `/api/categories/7`, or `{id}`.
 * Always parsed to the numeric id.
 */
export const reference = (message: string) =>
  z
    .union(
      [
        z.number({ error: message }).refine(isId, message),
        z
          .string({ error: message })
          .regex(/^(\/api\/[a-z_-]+\/)?[1-9]\d{0,9}$/, message)
          .refine((s) => isId(s.split('/').pop()), message),
        z.object(
          { id: z.union([z.number(), z.string()], { error: message }).refine(isId, message) },
          { error: message },
        ),
      ],
      { error: message },
    )
    .transform((v) => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v.split('/').pop()) : Number(v.id)));

export const optionalReference = (message: string) => reference(message).nullish();

/** Builds the IRI the spec uses for references, e.g. iri('categories', 7) -> /api/categories/7. */
export const iri = (resource: string, id: number) => `/api/${resource}/${id}`;

/** An IPv4 or IPv6 address in its usual text form (no port, no zone): `ipField('IP is required.', 'Not valid IP address')`. */
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^[0-9a-f:.]{2,45}$/i;
export const isIp = (s: string) => IPV4.test(s) || (IPV6.test(s) && s.includes(':') && isIpv6(s));
function isIpv6(s: string): boolean {
  const tail = s.match(/:(\d+\.\d+\.\d+\.\d+)$/);
  if (tail && !IPV4.test(tail[1]!)) return false;
  const hex = tail ? s.slice(0, -tail[1]!.length) + '0:0' : s;
  const halves = hex.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((h) => (h ? h.split(':') : []));
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g))) return false;
  return halves.length === 2 ? groups.length < 8 : groups.length === 8;
}
export const ipField = (required: string, invalid: string) => requiredString(required).refine(isIp, invalid);

/**
 * A required whole number (forms send numbers or numeric strings): `intField('Port is required.',
 * 'Port must be integer.')`. Bounded to what a PostgreSQL integer holds, `min` 0 unless told.
 */
const INT_MAX = 2_147_483_647;

export const intField = (
  required: string,
  notInt: string,
  /** `outOfRange`: the message of a whole number outside min..max (else `notInt`). */
  o: { min?: number; max?: number; outOfRange?: string } = {},
) =>
  z
    .union([z.number({ error: notInt }), z.string({ error: required }).trim()], { error: required })
    .refine((v) => v !== '', required)
    .transform((v) => (typeof v === 'number' ? v : /^-?\d+$/.test(v) ? Number(v) : Number.NaN))
    .pipe(
      z
        .number({ error: notInt })
        .int(notInt)
        .min(o.min ?? 0, o.outOfRange ?? intRange(notInt, o.min ?? 0, o.max ?? INT_MAX))
        .max(o.max ?? INT_MAX, o.outOfRange ?? intRange(notInt, o.min ?? 0, o.max ?? INT_MAX)),
    );

/**
 * A whole number outside min..max is not "not an integer" (issue 38: a speed of -5 said 'must be
 * integer'): 'Relay Normal Speed must be at least 0.' (or 'between 1 and 100.' with a maximum of its own),
 * named like the integer message, its final dot kept or not as the spec writes it; a message without
 * that form stays as it is.
 */
function intRange(notInt: string, min: number, max: number) {
  const m = / must be integer(\.?)$/.exec(notInt);
  if (!m) return notInt;
  const range = max === INT_MAX ? `at least ${min}` : `between ${min} and ${max}`;
  return `${notInt.slice(0, m.index)} must be ${range}${m[1]}`;
}

export const PORT_MIN = 1;
export const PORT_MAX = 65_535;
/** 'Port must be between 1 and 65535.' (issue 22: a whole number out of range is not "not an integer"). */
export const portRange = (label: string) => `${label} must be between ${PORT_MIN} and ${PORT_MAX}.`;

/**
 * A TCP port: 1..65535. The spec's 'Port must be integer.' for what is not a whole number, and the range
 * (`portRange`, named like the integer message: 'SMTP Port must be between 1 and 65535.') for one outside it.
 */
export const portField = (required: string, notInt: string) =>
  intField(required, notInt, {
    min: PORT_MIN,
    max: PORT_MAX,
    outOfRange: portRange(notInt.replace(/ must be integer\.$/, '')),
  });

/** The spec's relay description: optional, at most 400 characters ('Max length is 400 symbols'). */
export const DESCRIPTION_MAX = 400;
export const descriptionField = () =>
  z
    .string()
    .trim()
    .max(DESCRIPTION_MAX, 'Max length is 400 symbols')
    .nullish()
    .transform((v) => v || null);

/** The address syntax of `emailField`, for checks outside a schema (upload lines). */
export const isEmail = (s: string) =>
  s.length <= EMAIL_MAX && z.regexes.html5Email.test(s) && hasDeliverableDomain(s, false);

/**
 * The create variant of a form's schema: the fields the spec gives defaults to may be left out and take
 * them (issue 22); sent blank, they are still refused with the form's message. The OpenAPI document shows
 * each default. (The edit keeps the plain schema: an edit states every field.)
 */
export function withDefaults<T extends z.ZodRawShape>(
  schema: z.ZodObject<T>,
  defaults: { [K in keyof T]?: z.output<T[K]> },
): z.ZodObject<T> {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, v] of Object.entries(defaults)) shape[k] = defaultAtInput(schema.shape[k] as unknown as z.ZodType, v);
  // safeExtend keeps the schema's refinements (backoff never faster than normal, decision 1000).
  return schema.safeExtend(shape as never) as unknown as z.ZodObject<T>;
}

/**
 * The default on a field's input side: the JSON schema of a pipe (a number sent as text, then read) shows
 * that side only, so a default around the whole pipe would not appear in the OpenAPI document.
 */
function defaultAtInput(s: z.ZodType, value: unknown): z.ZodType {
  const def = s._zod.def as { type: string; in?: z.ZodType };
  if (def.type === 'pipe' && def.in) return s.clone({ ...s._zod.def, in: defaultAtInput(def.in, value) } as never);
  return s.default(value as never);
}
