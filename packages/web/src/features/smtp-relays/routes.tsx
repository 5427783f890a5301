import type { Screens } from '@/lib/routes.ts';

export const smtpRelaysScreens: Screens = {};
