/**
 * What bench/scale times (issue 42, section 2): every list screen the issue names (e-mail lists with their
 * counts, campaigns, relays, servers, bounced e-mails, unsubscribers: page 1, a deep page, the e-mail search
 * of the two suppression lists), every report over a month and over a year (bench/reports' calls), the
 * dashboard and home, and a campaign's statistics (overall, per mail service, per domain).
 * An administrator sees every user's rows; an ordinary user their own (the report calls: their own data, a
 * month). Bounced e-mails and unsubscribers are administrators' screens; the seeded SMTP campaigns are an
 * administrator's, so their statistics are timed as one.
 */
import { reportCalls, type Call } from '../reports/calls.ts';
import type { History } from '../reports/seed.ts';

type Range = { fromDate: string; toDate: string };

export function scaleCalls(h: History, campaign: { pmta: number; smtp: number }, year: Range, month: Range): Call[] {
  const get = (label: string, url: string, as: Call['as']): Call => ({ label, as, method: 'GET', url });
  const both = (label: string, url: string) => [get(label, url, 'admin'), get(label, url, 'user')];
  const lists: Call[] = [
    ...both('list: e-mail lists (with counts per service)', '/api/email_lists'),
    ...both('list: PMTA campaigns', '/api/pmta_campaigns'),
    ...both('list: SMTP campaigns', '/api/smtp_campaigns'),
    ...both('list: PMTA relays', '/api/pmta_relays'),
    ...both('list: SMTP relays', '/api/smtp_relays'),
    ...both('list: PMTA servers', '/api/pmta_servers'),
    ...both('list: SMTP servers', '/api/smtp_servers'),
    get('list: bounced e-mails', '/api/bounced_emails', 'admin'),
    get('list: bounced e-mails, page 500', '/api/bounced_emails?_page=500', 'admin'),
    get('list: bounced e-mails, e-mail contains', '/api/bounced_emails?email.email=user123', 'admin'),
    get('list: unsubscribers', '/api/unsubscribers', 'admin'),
    get('list: unsubscribers, page 500', '/api/unsubscribers?_page=500', 'admin'),
    get('list: unsubscribers, e-mail contains', '/api/unsubscribers?email.email=gone123', 'admin'),
  ];
  const stats: Call[] = ['overall', 'perProviders', 'perDomains'].flatMap((kind) => [
    ...both(`campaign statistics, PMTA, ${kind}`, `/api/pmta_campaign_statistics/${campaign.pmta}/${kind}/0`),
    // The seeded SMTP campaigns are the administrator's (bench/reports/seed.ts).
    get(`campaign statistics, SMTP, ${kind}`, `/api/smtp_campaign_statistics/${campaign.smtp}/${kind}/0`, 'admin'),
  ]);
  // bench/reports' calls: the administrator's over a year, then over a month (the user's are a month both times).
  const dated = (c: Call) => !!c.body && 'fromDate' in c.body;
  const overYear = reportCalls(h, year, month).map((c) => ({
    ...c,
    label: `${c.label}${!dated(c) ? '' : c.as === 'admin' ? ', a year' : ', a month'}`,
  }));
  const overMonth = reportCalls(h, month, month)
    .filter((c) => c.as === 'admin' && dated(c))
    .map((c) => ({ ...c, label: `${c.label}, a month` }));
  return [...lists, ...stats, ...overYear, ...overMonth];
}
