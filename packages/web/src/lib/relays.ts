import type { SmtpResumeBody } from '@console/shared/delivery';
import type { BulkAnswer, RelayKind } from '@console/shared/relays';
import { http } from '@/lib/http.ts';
import { mutationHook } from '@/lib/mutation.ts';

/** Each kind's query key (the list, detail and select queries of `<kind>_relays` start with it). */
export const relaysKey = (kind: RelayKind) => [`${kind}_relays`] as const;

const bulk =
  <V extends object>(kind: RelayKind, call: string) =>
  (v: V & { relaysIds: number[] }) =>
    http.post<BulkAnswer>(`/${kind}_relays/${call}`, v);

/** Move to Group, Change Activity and Delete for a selection of one kind's relays. */
export const bulkHooks = (kind: RelayKind) => ({
  useBulkMove: mutationHook(bulk<{ groupId: number }>(kind, 'bulk_move'), relaysKey(kind)),
  useBulkActivity: mutationHook(bulk<{ activity: boolean }>(kind, 'bulk_activity'), relaysKey(kind)),
  useBulkDelete: mutationHook(bulk<object>(kind, 'bulk_delete'), relaysKey(kind)),
});
export const bulkCalls = { pmta: bulkHooks('pmta'), smtp: bulkHooks('smtp') } as const;

/** POST /api/relays/edit_description (both kinds). */
const editDescription = (v: { relayType: RelayKind; relayId: number; description: string }) =>
  http.post<{ id: number; description: string | null }>('/relays/edit_description', v);
export const useEditDescription = mutationHook(editDescription, relaysKey('pmta'), relaysKey('smtp'));

/**
 * POST /api/delivery/smtp_relays/{id}/resume: the relay sends to the mail service again (decision 1442); the
 * Delivery screen and the SMTP relay screens call it (decision 1475).
 */
export const resumeSmtpRelay = (relayId: number, mailServiceId: number) =>
  http.post<void>(`/delivery/smtp_relays/${relayId}/resume`, { mailServiceId } satisfies SmtpResumeBody);
