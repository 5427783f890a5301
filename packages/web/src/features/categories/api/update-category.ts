import type { Category } from '@console/shared/categories';
import { mutationHook } from '@/lib/mutation.ts';
import { http } from '@/lib/http.ts';
import { categoriesKey } from './get-category-tree.ts';

/** PUT /api/categories/{id} {name}: the spec's dialog renames only. */
export const updateCategory = ({ id, name }: { id: number; name: string }) =>
  http.put<Category>(`/categories/${id}`, { name });

export const useUpdateCategory = mutationHook(updateCategory, categoriesKey);
