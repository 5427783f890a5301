import type { Category } from '@console/shared/categories';
import { iri } from '@console/shared/fields';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { categoriesKey } from './get-category-tree.ts';

export interface CreateCategoryInput {
  name: string;
  /** The parent's id; null for a root category. */
  parent: number | null;
}

/** POST /api/categories {name, parent: '/api/categories/{id}' | null} (201). */
export const createCategory = ({ name, parent }: CreateCategoryInput) =>
  http.post<Category>('/categories', { name, parent: parent === null ? null : iri('categories', parent) });

export const useCreateCategory = mutationHook(createCategory, categoriesKey);
