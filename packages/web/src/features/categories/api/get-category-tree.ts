import { useQuery } from '@tanstack/react-query';
import type { CategoryNode } from '@console/shared/categories';
import { http } from '@/lib/http.ts';

/** Every category query (tree, select lists of other screens) lives under this key. */
export const categoriesKey = ['categories'] as const;

/** GET /api/categories/tree: [{id, text, children}], every level ordered by name. */
export const getCategoryTree = () => http.get<CategoryNode[]>('/categories/tree');

export const useCategoryTree = () => useQuery({ queryKey: [...categoriesKey, 'tree'], queryFn: getCategoryTree });
