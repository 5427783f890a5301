// @ts-nocheck
import type { EasyAnswer } from '@console/shared/pmta-speeds';
import type { MailServiceReportBody, MailServiceReportRow } from '@console/shared/pmta-relays-mail-service-report';
import { useReport } from '@/components/reports/use-report.ts';
import { http } from '@/lib/http.ts';

/** POST /api/pmta-relays-mail-provider-report, once a mail service is chosen (`body` set). */
export const useMailServiceReport = (body: MailServiceReportBody | undefined) =>
  useReport<{ report: MailServiceReportRow[] }>(
    'pmta-relays-mail-provider-report',
    '/pmta-relays-mail-provider-report',
    body,
  );

/** The relay's switch for one mail service (by its name), flipped once its server has the new config. */
export const switchRelay = (relayId: number, providerName: string, off: boolean) =>
  http.post<{ success: boolean }>(`/pmta_relay_switch/${relayId}/${encodeURIComponent(providerName)}`, { off });

/** easy_edit (form field localValue): the speed set on the server; `success` false says why in `msg`. */
export const editSpeed = (relayId: number, providerId: number, localValue: number) =>
  http.post<EasyAnswer>(`/pmta_speed/easy_edit/${relayId}/${providerId}`, undefined, {
    form: { localValue: String(localValue) },
  });

/** easy_delete: the speed cleared (the report shows none). */
export const clearSpeed = (relayId: number, providerId: number) =>
  http.post<EasyAnswer>(`/pmta_speed/easy_delete/${relayId}/${providerId}`);
