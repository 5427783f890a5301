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
 * E-mail syntax as browsers check `<input type=email>` (WHATWG): it accepts single-label domains such
 * as admin@localhost, which the first administrator uses.
 */
export const emailField = (required: string, invalid: string) =>
  requiredString(required)
    .max(EMAIL_MAX, tooLong('Email', EMAIL_MAX))
    .pipe(z.email({ pattern: z.regexes.html5Email, error: invalid }));

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
