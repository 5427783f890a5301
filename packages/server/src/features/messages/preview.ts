import { MessageMessages as M, type PreviewAnswer, type PreviewInput } from '@console/shared/messages';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { compileMessage, renderDate, renderMessage } from '../../sending/render/message.ts';
import { seededRng } from '../../sending/render/random.ts';
import type { Recipient } from '../../sending/render/template.ts';
import { tagValuesOf } from '../tags/tags.repo.ts';
import { getMessage } from './messages.service.ts';

/** Who a preview without a campaign is rendered for. */
export const SAMPLE_RECIPIENT: Recipient = {
  email: 'john.smith@example.com',
  name: 'John',
  surname: 'Smith',
  city: 'Springfield',
  geo: 'US',
  birthYear: 1985,
  uuid: 'sample-tracking-id',
};
export const SAMPLE_SENDER = 'Sample Sender';
/** Previews pick the same values every time: the author compares like with like. */
const PREVIEW_SEED = 1;

/**
 * POST /api/messages/preview: the editor's texts (or the saved message) rendered as a recipient would
 * see them, with the owner's saved tags. Without a campaign: the sample recipient, and links on this
 * console's own tracking paths (ARCHITECTURE §5) with the sample tracking id.
 */
export async function previewMessage(
  ctx: Pick<AppContext, 'db'>,
  actor: AuthUser,
  input: PreviewInput,
  origin: string,
): Promise<PreviewAnswer> {
  const saved = input.id ? await getMessage(ctx, actor, input.id) : undefined;
  // Campaigns come with their own issue; until then no campaign id can be found.
  if (input.campaignId) throw notFound(M.campaignNotFound);
  const subject = input.subject ?? saved?.subject ?? '';
  const html = input.content ?? saved?.htmlContent ?? '';
  const tags = await tagValuesOf(ctx.db, saved?.user.id ?? actor.id);
  const compiled = compileMessage(
    { sender: SAMPLE_SENDER, subject, html },
    {
      tags,
      links: {
        offer: [`${origin}/t/c/[uuid]/[junk]`],
        unsubscribe: [`${origin}/t/u/[uuid]`],
        pixel: [`${origin}/t/o/[uuid]`],
      },
      trk: 'preview',
    },
  );
  const out = renderMessage(compiled, SAMPLE_RECIPIENT, { rng: seededRng(PREVIEW_SEED), date: renderDate() });
  return { subject: out.subject, html: out.html, unresolved: compiled.unresolved };
}
