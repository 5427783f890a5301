import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const PlanList = lazy(() => import('./pages/plan-list.tsx').then((m) => ({ default: m.PlanList })));
const PlanEdit = lazy(() => import('./pages/plan-edit.tsx').then((m) => ({ default: m.PlanEdit })));
const RelayWarmupPage = lazy(() => import('./pages/relay-warmup.tsx').then((m) => ({ default: m.RelayWarmupPage })));

/** Warm-up plans (issue 40 §2): the plans and the ready-made ones, a plan's form, a relay's warm-up page. */
export const warmupPlansScreens: Screens = {
  warmupPlans: <PlanList />,
  warmupPlanCreate: <PlanEdit />,
  warmupPlanEdit: <PlanEdit />,
  warmupRelay: <RelayWarmupPage />,
};
