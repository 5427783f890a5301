import { useQuery } from '@tanstack/react-query';
import type { BounceSettings } from '@console/shared/bounced-emails';
import { http } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

const bounceSettingsKey = ['bounce_settings'] as const;

/** GET /api/bounce_settings (administrators): soft bounces within how many days suppress an address. */
export const useBounceSettings = () =>
  useQuery({ queryKey: bounceSettingsKey, queryFn: () => http.get<BounceSettings>('/bounce_settings') });

/** PUT /api/bounce_settings. */
export const useSetBounceSettings = mutationHook(
  (input: BounceSettings) => http.put<BounceSettings>('/bounce_settings', input),
  bounceSettingsKey,
);
