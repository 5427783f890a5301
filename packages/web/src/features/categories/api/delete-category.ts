import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { categoriesKey } from './get-category-tree.ts';

/** DELETE /api/categories/{id} (204); 409 with the reason while subcategories, lists or offers use it. */
export const deleteCategory = (id: number) => http.delete(`/categories/${id}`);

export const useDeleteCategory = mutationHook(deleteCategory, categoriesKey);
