import type { Category, CategoryCreateBody } from '@console/shared/categories';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { categoriesKey } from './get-category-tree.ts';

/**
 * POST /api/categories (201): the shared schema's input, `parent` as the spec sends it
 * (`/api/categories/{id}`, or null for a root category).
 */
export const createCategory = (body: CategoryCreateBody) => http.post<Category>('/categories', body);

export const useCreateCategory = mutationHook(createCategory, categoriesKey);
