import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { HomeProfit } from '@console/shared/home';
import { http } from '@/lib/http.ts';

/** What the first-run checklist needs to know: whether the user has any of each thing yet. */
export interface GettingStarted {
  servers: boolean;
  relays: boolean;
  lists: boolean;
  /** Lists and offers visible to the caller: what an administrator provides a user (issue 38). */
  provided: boolean;
  messages: boolean;
  campaigns: boolean;
}

type Counted = { 'hydra:totalItems'?: number; totalItems?: number };

/** One collection's total with a page of one row (the collections count in the same statement). */
const any = async (path: string) => {
  const body = await http.get<Counted>(`${path}?itemsPerPage=1`, { errorPage: false });
  return (body['hydra:totalItems'] ?? body.totalItems ?? 0) > 0;
};

export const gettingStartedKey = ['home', 'getting-started'] as const;

/** The caller's servers, relays, lists, messages and campaigns (of either kind): one answer per step. */
export const useGettingStarted = (enabled: boolean) =>
  useQuery({
    queryKey: gettingStartedKey,
    enabled,
    queryFn: async (): Promise<GettingStarted> => {
      const [pmtaServers, smtpServers, pmtaRelays, smtpRelays, lists, offers, messages, pmtaCampaigns, smtpCampaigns] =
        await Promise.all(
          [
            '/pmta_servers',
            '/smtp_servers',
            '/pmta_relays',
            '/smtp_relays',
            '/email_lists',
            '/offers',
            '/messages',
            '/pmta_campaigns',
            '/smtp_campaigns',
          ].map(any),
        );
      return {
        servers: pmtaServers! || smtpServers!,
        relays: pmtaRelays! || smtpRelays!,
        lists: lists!,
        provided: lists! && offers!,
        messages: messages!,
        campaigns: pmtaCampaigns! || smtpCampaigns!,
      };
    },
  });

export const homeProfitKey = ['home', 'profit'] as const;

/** POST /api/home/profit {userId}: this and last month, week and day, and the daily dynamic. */
export const useHomeProfit = (userId: number | undefined) =>
  useQuery({
    queryKey: [...homeProfitKey, userId ?? null],
    queryFn: () => http.post<HomeProfit>('/home/profit', { userId }),
    placeholderData: keepPreviousData,
  });
