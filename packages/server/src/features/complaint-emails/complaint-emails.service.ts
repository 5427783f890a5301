import { ComplaintEmailMessages as M } from '@console/shared/complaint-emails';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { revalidate } from '../../suppression/validity.ts';

type Ctx = Pick<AppContext, 'db'>;

/**
 * Lifts complaint suppressions (one or many): all found or nothing changes (404 naming the missing ids).
 * The owners' e-mails may count valid again, in the same transaction, unless another rule holds them. The
 * campaigns' complaint counts stay: the complaint happened.
 */
export async function liftComplaintEmails(ctx: Ctx, ids: number[]): Promise<number> {
  const wanted = [...new Set(ids)];
  return inTransaction(ctx.db, async (client) => {
    const { rows } = await client.query<{ id: number; email: string }>(
      'delete from complaint_emails where id = any($1::int[]) returning id, email',
      [wanted],
    );
    if (rows.length < wanted.length) {
      const gone = new Set(rows.map((r) => r.id));
      // Thrown inside the transaction: the deletes roll back.
      throw new AppError(404, { ids: M.idsNotFound(wanted.filter((id) => !gone.has(id))) });
    }
    await revalidate(client, { emails: [...new Set(rows.map((r) => r.email))] });
    return rows.length;
  });
}
