// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const ReputationProviderList = lazy(() =>
  import('./pages/reputation-provider-list.tsx').then((m) => ({ default: m.ReputationProviderList })),
);
const ReputationProviderEdit = lazy(() =>
  import('./pages/reputation-provider-edit.tsx').then((m) => ({ default: m.ReputationProviderEdit })),
);

export const reputationProvidersScreens: Screens = {
  reputationProviders: <ReputationProviderList />,
  reputationProviderEdit: <ReputationProviderEdit />,
};
