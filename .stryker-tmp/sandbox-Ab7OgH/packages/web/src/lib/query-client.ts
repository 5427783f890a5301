// @ts-nocheck
import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // An HTTP answer (404, 403, 422...) will not change by asking again; a dropped connection may.
      retry: (count, error) => !(error instanceof HttpError) && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
    mutations: { retry: false },
  },
});
