// @ts-nocheck
import { z } from 'zod';
import { NAME_MAX, optionalReference, requiredString, tooLong } from './fields.ts';
import { userRefItem } from './hydra.ts';
import { TAG_NAME_FORBIDDEN } from './macros.ts';

/** The spec's messages verbatim (spec 3 §5, §8), and ours where it shows none. */
export const TagMessages = {
  nameRequired: 'Tag Name is required.',
  nameSyntax: 'Tag Name cannot contain {, } or | (they write tags in messages).',
  contentRequired: 'Tag Content is required.',
  userNotFound: 'User not found.',
  duplicate: 'You already have a tag with this name.',
  deleteConfirm: 'Are you sure you want to delete?',
  deleted: 'Deleted successfully!',
  added: (name: string) => `Tag ${name} added successfully!`,
  updated: (name: string) => `Tag ${name} updated successfully!`,
} as const;
const M = TagMessages;

export const TAG_VALUES_MAX = 10_000;
export const TAG_VALUE_MAX = 10_000;

/**
 * POST /api/tags and PUT /api/tags/{id}: a name (unique per owner) and its values, one per line in the
 * form. Blank values are dropped; a tag needs at least one.
 */
export const tagSchema = z.object({
  name: requiredString(M.nameRequired)
    .max(NAME_MAX, tooLong('Tag Name', NAME_MAX))
    .refine((v) => !TAG_NAME_FORBIDDEN.test(v), M.nameSyntax),
  content: z
    .array(z.string({ error: M.contentRequired }).max(TAG_VALUE_MAX, tooLong('A value', TAG_VALUE_MAX)), {
      error: M.contentRequired,
    })
    .max(TAG_VALUES_MAX, `A tag holds at most ${TAG_VALUES_MAX} values.`)
    .transform((values) => values.map((v) => v.trim()).filter((v) => v !== ''))
    .refine((values) => values.length > 0, M.contentRequired),
  user: optionalReference(M.userNotFound),
});
export type TagInput = z.infer<typeof tagSchema>;
export type TagBody = z.input<typeof tagSchema>;

export const tagItem = z.object({
  id: z.number(),
  name: z.string(),
  content: z.array(z.string()),
  user: userRefItem,
});
export type Tag = z.infer<typeof tagItem>;

export const TAGS_PAGE_SIZE = 30;

/** GET /api/global_macros: the static tags, each with what it becomes. */
export const globalMacroItem = z.object({ name: z.string(), description: z.string() });
export type GlobalMacro = z.infer<typeof globalMacroItem>;
