import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { QueryClientProvider } from '@tanstack/react-query';
import { FeedbackHost } from '@/components/feedback.tsx';
import { queryClient } from '@/lib/query-client.ts';

const TOAST_SECONDS = 4;
const BRAND = '#4f46e5';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={enUS} theme={{ token: { colorPrimary: BRAND, colorLink: BRAND, borderRadius: 6 } }}>
      <AntApp
        // Below the 64 px header, so toasts never cover the bell or the user menu.
        notification={{ placement: 'topRight', duration: TOAST_SECONDS, top: 72 }}
        message={{ duration: TOAST_SECONDS }}
      >
        <FeedbackHost />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
