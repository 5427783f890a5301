import type { Screens } from '@/lib/routes.ts';

export const tagsScreens: Screens = {};
