/**
 * What bench/reports times: the jobs behind the nightly and hourly reports, and every report call of spec 3
 * with the filters a user would send (an administrator over every user and 90 days; an ordinary user over
 * their own data and the default 7 days).
 */
// @ts-nocheck

import type { AppContext } from '../../packages/server/src/core/context.ts';
import { inTransaction } from '../../packages/server/src/db/transaction.ts';
import { computeRelayIndicators } from '../../packages/server/src/features/pmta-relay-indicators/pmta-relay-indicators.compute.ts';
import { computeRelayDeliverabilities } from '../../packages/server/src/features/pmta-relay-deliverabilities/pmta-relay-deliverabilities.compute.ts';
import type { History } from './seed.ts';

export async function runReportJobs(ctx: AppContext): Promise<[string, number][]> {
  const timed = async (name: string, work: () => Promise<unknown>): Promise<[string, number]> => {
    const t0 = performance.now();
    await work();
    return [name, performance.now() - t0];
  };
  return [
    await timed('relay indicators (nightly)', () => inTransaction(ctx.db, (c) => computeRelayIndicators(c))),
    await timed('relay deliverability (hourly)', () => inTransaction(ctx.db, (c) => computeRelayDeliverabilities(c))),
  ];
}

export interface Call {
  label: string;
  as: 'admin' | 'user';
  method: 'GET' | 'POST';
  url: string;
  body?: object;
}

type Range = { fromDate: string; toDate: string };

export function reportCalls(h: History, wide: Range, week: Range): Call[] {
  const post = (label: string, url: string, body: object, as: Call['as'] = 'admin'): Call => ({
    label,
    as,
    method: 'POST',
    url,
    body,
  });
  const get = (label: string, url: string, as: Call['as'] = 'admin'): Call => ({ label, as, method: 'GET', url });
  const provider = h.providerIds[0]!;
  const both = (label: string, url: string, body: object): Call[] => [
    post(label, url, { ...body, ...wide }),
    post(label, url, { ...body, ...week }, 'user'),
  ];
  return [
    post('dashboard speed, overall', '/api/dashboard/speed', { type: 'overall' }),
    post('dashboard speed, detailed', '/api/dashboard/speed', { type: 'detailed' }),
    post('dashboard speed, detailed', '/api/dashboard/speed', { type: 'detailed' }, 'user'),
    post('dashboard relay groups', '/api/dashboard/pmta-relays-count', {}),
    post('home profit', '/api/home/profit', {}),
    post('home profit', '/api/home/profit', {}, 'user'),
    post('PMTA relays report', '/api/pmta-relays-report', { ...wide }),
    post('PMTA relays report, VPS, one group', '/api/pmta-relays-report', {
      ...wide,
      isVps: true,
      relayGroup: h.groupIds[2],
    }),
    post('PMTA relay popup', '/api/pmta-relay-report', { ...wide, relayId: h.relayIds[10] }),
    ...both('PMTA relays - mail service', '/api/pmta-relays-mail-provider-report', { mailProvider: provider }),
    ...both('profit report by date', '/api/profit-report', { groupBy: 'date' }),
    ...both('profit report by campaign', '/api/profit-report', { groupBy: 'campaign' }),
    ...both('profit report by country', '/api/profit-report', { groupBy: 'country' }),
    ...both('activity report', '/api/activity-report', {}),
    ...both('mail services report', '/api/mail-provider-report', {}),
    ...both('e-mail list report', '/api/email-list-report', {}),
    get('message report', '/api/message_reports'),
    get('message report', '/api/message_reports', 'user'),
    get('relay indicators, page 1', '/api/pmta_relay_indicators?mailProvider[exists]=false'),
    get(
      'relay indicators, one service, by profit',
      `/api/pmta_relay_indicators?mailProvider.id=${provider}&order[profitPerDay]=desc`,
    ),
    get('relay deliverability, page 1', '/api/pmta_relay_deliverabilities'),
    get('relay deliverability, one service', `/api/pmta_relay_deliverabilities?mailProvider.id=${provider}`),
  ];
}
