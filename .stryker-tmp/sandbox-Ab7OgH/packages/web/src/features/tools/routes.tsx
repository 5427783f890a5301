// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const UuidDecoder = lazy(() => import('./pages/uuid-decoder.tsx').then((m) => ({ default: m.UuidDecoder })));
const EmailIdDecoder = lazy(() => import('./pages/email-id-decoder.tsx').then((m) => ({ default: m.EmailIdDecoder })));
const UploadingLog = lazy(() => import('./pages/uploading-log.tsx').then((m) => ({ default: m.UploadingLog })));
const History = lazy(() => import('./pages/history.tsx').then((m) => ({ default: m.History })));

export const toolsScreens: Screens = {
  uuidDecoder: <UuidDecoder />,
  emailIdDecoder: <EmailIdDecoder />,
  uploadingLog: <UploadingLog />,
  history: <History />,
};
