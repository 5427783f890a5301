// @ts-nocheck
import { useQuery } from '@tanstack/react-query';
import type { SendersAnswer } from '@console/shared/processes';
import { http } from '@/lib/http.ts';

/** How many live processes send (issue 23): 0 means an Active campaign sends nothing. Asked every 5 s. */
export const useSendersRunning = (enabled = true) =>
  useQuery({
    queryKey: ['processes', 'senders'],
    queryFn: () => http.get<SendersAnswer>('/processes/senders'),
    refetchInterval: 5_000,
    enabled,
  });
