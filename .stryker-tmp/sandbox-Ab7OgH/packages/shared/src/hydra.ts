// @ts-nocheck
import { z } from 'zod';

export interface HydraCollection<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
}

/** The light rows of `groups[]=select`. */
export const selectItem = z.object({ id: z.number(), name: z.string() });
export type SelectItem = z.infer<typeof selectItem>;

/** Response schemas of collections: `{hydra:member, hydra:totalItems}` or `{items, totalItems}`. */
export const hydraOf = <T extends z.ZodType>(item: T) =>
  z.object({ 'hydra:member': z.array(item), 'hydra:totalItems': z.number().int() });
export const itemsOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), totalItems: z.number().int() });

/** A reference as responses nest it: `category: {id, name}`, `user: {id, username}`. */
export const refItem = selectItem;
export const userRefItem = z.object({ id: z.number(), username: z.string() });

/** Error bodies of every 4xx. */
export const errorBody = z.object({ error: z.union([z.string(), z.record(z.string(), z.string())]) });

export const DEFAULT_PAGE_SIZE = 100;
export const EMAILS_PAGE_SIZE = 10;
export const OFFERS_PAGE_SIZE = 30;

/** Error bodies: one string, or one message per field. */
export type ApiError = string | Record<string, string>;
