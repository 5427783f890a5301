// @ts-nocheck
import { z } from 'zod';
import { reference, requiredString } from './fields.ts';
import { refItem } from './hydra.ts';

export const CATEGORY_NAME_MAX = 100;

/** The spec's messages, and ours where the spec shows none (the dialog prints whatever the server says). */
export const CategoryMessages = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be no longer than ${CATEGORY_NAME_MAX} characters.`,
  parentNotFound: 'Parent category not found.',
  nameTaken: 'A category with this name already exists at this level.',
  ownAncestor: 'A category cannot be moved under itself or one of its subcategories.',
  inUseFallback: 'This category is in use and cannot be deleted.',
} as const;

const name = requiredString(CategoryMessages.nameRequired).max(CATEGORY_NAME_MAX, CategoryMessages.nameTooLong);
// The dialog sends '' or nothing for a root category; both mean "no parent".
const parent = z.preprocess((v) => (v === '' ? null : v), reference(CategoryMessages.parentNotFound).nullish());

/** POST /api/categories: `parent` is an id, an IRI (/api/categories/7), {id} or null for a root. */
export const categoryCreateSchema = z.object({ name, parent });
export type CategoryCreate = z.infer<typeof categoryCreateSchema>;
/** What a client sends. */
export type CategoryCreateBody = z.input<typeof categoryCreateSchema>;
export type CategoryUpdateBody = z.input<typeof categoryUpdateSchema>;

/** PUT /api/categories/{id}: the spec sends only the name; a `parent` key, when present, moves the category. */
export const categoryUpdateSchema = z.object({ name, parent: parent.optional() });
export type CategoryUpdate = z.infer<typeof categoryUpdateSchema>;

export const categoryItem = z.object({ id: z.number(), name: z.string(), parent: refItem.nullable() });
export type Category = z.infer<typeof categoryItem>;

/** GET /api/categories/tree: the spec's tree form, children ordered by name at every level. */
export interface CategoryNode {
  id: number;
  text: string;
  children: CategoryNode[];
}
export const categoryNodeItem: z.ZodType<CategoryNode> = z.object({
  id: z.number(),
  text: z.string(),
  get children() {
    return z.array(categoryNodeItem);
  },
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Why a category cannot be deleted, e.g. 'This category is used by 2 email lists and 1 offer and cannot be
 * deleted.'; null when nothing holds it.
 */
export function categoryInUseMessage(c: {
  children: number;
  emailLists: number;
  offers: number;
  unsubscribers: number;
}): string | null {
  const users = [
    c.emailLists && plural(c.emailLists, 'email list', 'email lists'),
    c.offers && plural(c.offers, 'offer', 'offers'),
    c.unsubscribers && plural(c.unsubscribers, 'unsubscriber', 'unsubscribers'),
  ].filter((s): s is string => Boolean(s));
  const parts: string[] = [];
  if (c.children) parts.push(`has ${plural(c.children, 'subcategory', 'subcategories')}`);
  if (users.length) parts.push(`is used by ${joinAnd(users)}`);
  return parts.length ? `This category ${parts.join(' and ')} and cannot be deleted.` : null;
}

function joinAnd(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
