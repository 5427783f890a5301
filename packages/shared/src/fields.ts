import { z } from 'zod';

/** A string that must be present and non-blank after trimming; one message for both cases. */
export const requiredString = (message: string) =>
  z.string({ error: message }).trim().min(1, message);

/**
 * E-mail syntax as browsers check `<input type=email>` (WHATWG): it accepts single-label domains such
 * as admin@localhost, which the first administrator uses.
 */
export const emailField = (required: string, invalid: string) =>
  requiredString(required).pipe(z.email({ pattern: z.regexes.html5Email, error: invalid }));

/**
 * A reference to another row: an id, an IRI such as `/api/categories/7`, or `{id}`.
 * Always parsed to the numeric id.
 */
export const reference = (message: string) =>
  z
    .union(
      [
        z.number({ error: message }).int(message).positive(message),
        z.string({ error: message }).trim().regex(/^(\/api\/[a-z_-]+\/)?\d+$/, message),
        z.object({ id: z.coerce.number({ error: message }).int(message).positive(message) }, { error: message }),
      ],
      { error: message },
    )
    .transform((v) =>
      typeof v === 'number' ? v : typeof v === 'string' ? Number(v.split('/').pop()) : v.id,
    );

export const optionalReference = (message: string) => reference(message).nullish();

/** Builds the IRI the spec uses for references, e.g. iri('categories', 7) -> /api/categories/7. */
export const iri = (resource: string, id: number) => `/api/${resource}/${id}`;
