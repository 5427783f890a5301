import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { QueryClientProvider } from '@tanstack/react-query';
import { FeedbackHost, QueryErrorDialog } from '@/components/feedback.tsx';
import { queryClient } from '@/lib/query-client.ts';

const TOAST_SECONDS = 4;
const BRAND = '#4f46e5';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={enUS} theme={{ token: { colorPrimary: BRAND, colorLink: BRAND, borderRadius: 6 } }}>
      <AntApp
        // Top centre, over the header's empty middle: not over the page-header buttons (right), the bell and
        // the user menu (header right) or the pagination (bottom right), which are what gets clicked next;
        // and no pause under a resting cursor, so a toast always goes away on its own.
        notification={{ placement: 'top', duration: TOAST_SECONDS, top: 8, pauseOnHover: false }}
        message={{ duration: TOAST_SECONDS }}
      >
        <FeedbackHost />
        <QueryClientProvider client={queryClient}>
          <QueryErrorDialog />
          {children}
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
