export interface HydraCollection<T> {
  'hydra:member': T[];
  'hydra:totalItems': number;
}

/** The light rows of `groups[]=select`. */
export interface SelectItem {
  id: number;
  name: string;
}

export const DEFAULT_PAGE_SIZE = 100;
export const EMAILS_PAGE_SIZE = 10;
export const OFFERS_PAGE_SIZE = 30;

/** Error bodies: one string, or one message per field. */
export type ApiError = string | Record<string, string>;
