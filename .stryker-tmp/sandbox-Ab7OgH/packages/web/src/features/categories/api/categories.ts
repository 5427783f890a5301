// @ts-nocheck
import { useQuery } from '@tanstack/react-query';
import type { CategoryNode, Category, CategoryCreateBody, CategoryUpdateBody } from '@console/shared/categories';
import { http } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

/** Every category query (tree, select lists of other screens) lives under this key. */
export const categoriesKey = ['categories'] as const;

/** GET /api/categories/tree: [{id, text, children}], every level ordered by name. */
export const getCategoryTree = () => http.get<CategoryNode[]>('/categories/tree');

export const useCategoryTree = () => useQuery({ queryKey: [...categoriesKey, 'tree'], queryFn: getCategoryTree });

/**
 * POST /api/categories (201): the shared schema's input, `parent` as the spec sends it
 * (`/api/categories/{id}`, or null for a root category).
 */
export const createCategory = (body: CategoryCreateBody) => http.post<Category>('/categories', body);

export const useCreateCategory = mutationHook(createCategory, categoriesKey);

/** DELETE /api/categories/{id} (204); 409 with the reason while subcategories, lists or offers use it. */
export const deleteCategory = (id: number) => http.delete(`/categories/${id}`);

export const useDeleteCategory = mutationHook(deleteCategory, categoriesKey);

/**
 * The body of PUT /api/categories/{id}: the spec's dialog renames only, so the name as the shared schema
 * takes it (categoryUpdateSchema's `name` is the create schema's field).
 */
export type CategoryRenameBody = Pick<CategoryUpdateBody, 'name'>;

/** PUT /api/categories/{id} {name}. */
export const updateCategory = ({ id, ...body }: CategoryRenameBody & { id: number }) =>
  http.put<Category>(`/categories/${id}`, body);

export const useUpdateCategory = mutationHook(updateCategory, categoriesKey);
