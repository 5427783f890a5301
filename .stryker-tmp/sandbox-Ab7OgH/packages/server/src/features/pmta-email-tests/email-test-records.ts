// @ts-nocheck
import { Topics } from '@console/shared/hub';
import { PmtaEmailTestStatus as S } from '@console/shared/pmta-email-tests';
import { emailTestIdOf, type AcctHandler, type AcctRecord } from '../../pmta/accounting/record.ts';

/*
 * The accounting handler of e-mail tests (decision 0912): the pull job hands every server's new records to
 * it; those whose ENVID names a test move that test's status. Delivered and bounced are final; a deferral
 * (`t`) holds until a newer record. Replaying records changes nothing and publishes nothing. Writes go
 * through the pull's transaction; the row's live event once it committed.
 */

const STATUS_OF: Partial<Record<AcctRecord['type'], number>> = { d: S.delivered, b: S.bounced, t: S.deferred };
const isFinal = (r: AcctRecord) => r.type === 'd' || r.type === 'b';
const REASON_MAX = 1000;

/** Of two records of one test, the one that decides: the first final one, else the newest. */
function decides(a: AcctRecord, b: AcctRecord): boolean {
  if (isFinal(a) !== isFinal(b)) return isFinal(a);
  return isFinal(a) ? a.timeLogged < b.timeLogged : a.timeLogged >= b.timeLogged;
}

/** What the row says of the record: the bounce category and the remote reply; nothing for a delivery. */
export function reasonOf(r: AcctRecord): string | null {
  if (r.type === 'd') return null;
  const diag = r.dsnDiag.replace(/^smtp;\s*/i, '').trim() || r.dsnStatus;
  return (r.type === 'b' && r.bounceCat ? `${r.bounceCat}: ${diag}` : diag).slice(0, REASON_MAX);
}

export const emailTestRecords: AcctHandler = async (ctx, server, records, tx) => {
  const deciding = new Map<number, AcctRecord>();
  for (const r of records) {
    const id = STATUS_OF[r.type] === undefined ? undefined : emailTestIdOf(r.envId);
    if (id === undefined) continue;
    const current = deciding.get(id);
    if (!current || decides(r, current)) deciding.set(id, r);
  }
  for (const [id, r] of deciding) {
    const status = STATUS_OF[r.type]!;
    const reason = reasonOf(r);
    // Only the test's own server and address count (an id reused after a database reset is not this test).
    const { rows } = await tx.client.query<{ userId: number }>(
      `update pmta_email_tests e
          set status = $2, reason = $3, status_at = $4, updated_at = now()
         from pmta_relays r
        where e.id = $1 and r.id = e.pmta_relay_id and r.pmta_server_id = $5 and lower(e.email) = lower($6)
          and e.status not in (${S.delivered}, ${S.bounced})
          and ($7 or e.status_at is null or e.status_at <= $4)
          and (e.status, e.reason) is distinct from ($2::smallint, $3::text)
      returning e.user_id as "userId"`,
      [id, status, reason, r.timeLogged, server.id, r.rcpt, isFinal(r)],
    );
    const owner = rows[0]?.userId;
    if (owner !== undefined) tx.afterCommit(() => ctx.hub.publish(Topics.pmtaEmailTest, owner, { id, status, reason }));
  }
};
