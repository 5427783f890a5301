import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { editDescriptionSchema } from '@console/shared/pmta-relays';
import type { AuthUser } from '../../core/context.ts';
import { found } from '../../core/access.ts';
import type { Executor } from '../../db/client.ts';
import { pmtaRelays, smtpRelays } from '../../db/schema.ts';

const tables = { pmta: pmtaRelays, smtp: smtpRelays } as const;

/** POST /api/relays/edit_description: a PMTA or an SMTP relay of the caller (administrators: any). */
export async function editDescription(db: Executor, actor: AuthUser, input: z.infer<typeof editDescriptionSchema>) {
  const t = tables[input.relayType];
  const done = await db
    .update(t)
    .set({ description: input.description })
    .where(and(eq(t.id, input.relayId), actor.isAdmin ? undefined : eq(t.userId, actor.id)))
    .returning({ id: t.id, description: t.description });
  return found(done[0], 'Relay not found.');
}
