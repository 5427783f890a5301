// @ts-nocheck
import { lazy } from 'react';
import type { Screens } from '@/lib/routes.ts';

const MailServiceSettingList = lazy(() =>
  import('./pages/mail-service-setting-list.tsx').then((m) => ({ default: m.MailServiceSettingList })),
);
const MailServiceSettingEdit = lazy(() =>
  import('./pages/mail-service-setting-edit.tsx').then((m) => ({ default: m.MailServiceSettingEdit })),
);

export const mailServiceSettingsScreens: Screens = {
  mailServiceSettings: <MailServiceSettingList />,
  mailServiceSettingCreate: <MailServiceSettingEdit />,
  mailServiceSettingEdit: <MailServiceSettingEdit />,
};
