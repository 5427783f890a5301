// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const TagList = lazy(() => import('./pages/tag-list.tsx').then((m) => ({ default: m.TagList })));
const TagEdit = lazy(() => import('./pages/tag-edit.tsx').then((m) => ({ default: m.TagEdit })));

/** Dynamic content: the list, create and edit. */
export const tagsScreens: Screens = {
  tags: <TagList />,
  tagCreate: <TagEdit />,
  tagEdit: <TagEdit />,
};
