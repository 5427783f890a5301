import type { Screens } from '@/app/routes.ts';
import { NotBuiltYet } from '@/components/not-built-yet.tsx';

/**
 * The categories screen by route name (admin-only: the guard comes from app/routes.ts).
 * To build it, swap the placeholder for the page, e.g.
 *   const CategoryTree = lazy(() => import('./pages/category-tree.tsx').then((m) => ({ default: m.CategoryTree })));
 *   categories: <CategoryTree />,
 */
export const categoriesScreens: Screens = {
  categories: <NotBuiltYet screen="Categories" />,
};
