import type { Screens } from '@/lib/routes.ts';

export const messagesScreens: Screens = {};
