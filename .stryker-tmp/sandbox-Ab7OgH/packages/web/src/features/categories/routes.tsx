// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const CategoryList = lazy(() => import('./pages/category-list.tsx').then((m) => ({ default: m.CategoryList })));

/** The categories screen by route name (admin-only: the guard comes from app/routes.ts). */
export const categoriesScreens: Screens = {
  categories: <CategoryList />,
};
