// @ts-nocheck
import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { QueryClientProvider } from '@tanstack/react-query';
import { FeedbackHost, QueryErrorDialog } from '@/components/feedback.tsx';
import { queryClient } from '@/lib/query-client.ts';

const TOAST_SECONDS = 4;
/**
 * Narrow enough to sit in the header's empty middle at 1000 px (between the sidebar button and the clock),
 * so a toast covers no button at any width the console supports.
 */
const TOAST_WIDTH = 320;
const BRAND = '#4f46e5';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={enUS}
      theme={{
        token: { colorPrimary: BRAND, colorLink: BRAND, borderRadius: 6 },
        components: { Notification: { width: TOAST_WIDTH } },
      }}
    >
      <AntApp
        // Top centre, over the header's empty middle: not over the page-header buttons (right), the bell and
        // the user menu (header right) or the pagination (bottom right), which are what gets clicked next;
        // no pause under a resting cursor, so a toast always goes away on its own; a second toast stacks
        // behind the first instead of reaching down over the filters (decision 0403).
        notification={{
          placement: 'top',
          duration: TOAST_SECONDS,
          top: 8,
          pauseOnHover: false,
          stack: { threshold: 1 },
        }}
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
