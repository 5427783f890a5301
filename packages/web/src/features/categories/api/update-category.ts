import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Category } from '@console/shared/categories';
import { http } from '@/lib/http.ts';
import { categoriesKey } from './get-category-tree.ts';

/** PUT /api/categories/{id} {name}: the spec's dialog renames only. */
export const updateCategory = ({ id, name }: { id: number; name: string }) =>
  http.put<Category>(`/categories/${id}`, { name });

export function useUpdateCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => client.invalidateQueries({ queryKey: categoriesKey }),
  });
}
