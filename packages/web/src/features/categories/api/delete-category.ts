import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import { categoriesKey } from './get-category-tree.ts';

/** DELETE /api/categories/{id} (204); 409 with the reason while subcategories, lists or offers use it. */
export const deleteCategory = (id: number) => http.delete(`/categories/${id}`);

export function useDeleteCategory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => client.invalidateQueries({ queryKey: categoriesKey }),
  });
}
