// @ts-nocheck
import type { Screens } from '@/lib/routes.ts';
import { HomePage } from './pages/home-page.tsx';

export const homeScreens: Screens = {
  home: <HomePage />,
};
