// @ts-nocheck
import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Topics } from '@console/shared/hub';
import { useLiveEvent } from '@/lib/live.ts';

/** While campaigns run, their live messages reload the dashboard at most this often. */
export const LIVE_REFRESH_MS = 5_000;

/**
 * Reloads the queries under `queryKey` when a campaign's progress or statistics arrive on the live stream
 * (its owner and administrators receive them), at most once every `everyMs`: the first message reloads at
 * once, the ones that follow within the interval make one more reload at its end. `queryKey` must be
 * stable (a module constant).
 */
export function useLiveRefresh(queryKey: QueryKey, everyMs = LIVE_REFRESH_MS) {
  const client = useQueryClient();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const refresh = useCallback(() => {
    const run = () => {
      timer.current = undefined;
      last.current = Date.now();
      void client.invalidateQueries({ queryKey });
    };
    const wait = last.current + everyMs - Date.now();
    if (wait <= 0) run();
    else timer.current ??= setTimeout(run, wait);
  }, [client, queryKey, everyMs]);

  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvent(Topics.campaignStatistics, refresh);
  useLiveEvent(Topics.campaignProgress, refresh);
}
