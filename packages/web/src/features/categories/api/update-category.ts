import type { Category, CategoryUpdateBody } from '@console/shared/categories';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { categoriesKey } from './get-category-tree.ts';

/**
 * The body of PUT /api/categories/{id}: the spec's dialog renames only, so the name as the shared schema
 * takes it (categoryUpdateSchema's `name` is the create schema's field).
 */
export type CategoryRenameBody = Pick<CategoryUpdateBody, 'name'>;

/** PUT /api/categories/{id} {name}. */
export const updateCategory = ({ id, ...body }: CategoryRenameBody & { id: number }) =>
  http.put<Category>(`/categories/${id}`, body);

export const useUpdateCategory = mutationHook(updateCategory, categoriesKey);
