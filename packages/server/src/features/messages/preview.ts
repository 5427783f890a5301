import { MessageMessages as M, type PreviewAnswer, type PreviewInput } from '@console/shared/messages';
import type { AppContext, AuthUser } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { compileMessage, renderDate, renderMessage } from '../../sending/render/message.ts';
import { seededRng } from '../../sending/render/random.ts';
import { render, type Recipient } from '../../sending/render/template.ts';
import { getMessage } from './messages.service.ts';
import { campaignSources, tagValuesOf } from '../../sending/compose.ts';
import { CampaignTypeOf, CampaignType } from '@console/shared/enums';
import type { CampaignTypeName } from '@console/shared/campaigns';
import { textOfHtml } from '../../sending/transports/text.ts';
import { filterChecks, sendingDomains } from './filter-checks.ts';

/** Who a preview without a campaign is rendered for. */
export const SAMPLE_RECIPIENT: Recipient = {
  email: 'john.smith@example.com',
  name: 'John',
  surname: 'Smith',
  city: 'Springfield',
  geo: 'US',
  birthYear: 1985,
  uuid: 'sample-tracking-id',
  /** A PMTA campaign's links are on the sending relay's host (decision 0920); a preview has no relay. */
  relayHost: 'relay-host.example.com',
};
export const SAMPLE_SENDER = 'Sample Sender';
/** Previews pick the same values every time: the author compares like with like. */
const PREVIEW_SEED = 1;

/** The campaign's texts and sources, when the caller may see the campaign (else 404, as a missing one). */
async function campaignOf(
  ctx: Pick<AppContext, 'db' | 'env'>,
  actor: AuthUser,
  id: number,
  type: CampaignTypeName = 'smtp',
) {
  const loaded = await campaignSources(ctx.db.$client, id, ctx.env.TRACKER_URL);
  const visible =
    loaded?.campaign.type === CampaignTypeOf[type] && (actor.isAdmin || loaded.campaign.userId === actor.id);
  if (!visible) throw notFound(M.campaignNotFound);
  return loaded;
}

/**
 * POST /api/messages/preview: the editor's texts (or the saved message) rendered as a recipient would
 * see them, with the owner's saved tags. With a campaign: its sender, its owner's tags and its link groups'
 * links, for the sample recipient. Without: links on this console's own tracking paths (ARCHITECTURE §5),
 * all with the sample tracking id.
 */
export async function previewMessage(
  ctx: Pick<AppContext, 'db' | 'env'>,
  actor: AuthUser,
  input: PreviewInput,
  origin: string,
): Promise<PreviewAnswer> {
  const saved = input.id ? await getMessage(ctx, actor, input.id) : undefined;
  const campaign = input.campaignId ? await campaignOf(ctx, actor, input.campaignId, input.campaignType) : undefined;
  const subject = input.subject ?? saved?.subject ?? campaign?.campaign.subject ?? '';
  const html = input.content ?? saved?.htmlContent ?? campaign?.campaign.content ?? '';
  const sources = campaign?.sources ?? {
    tags: await tagValuesOf(ctx.db.$client, saved?.user.id ?? actor.id),
    links: {
      offer: [`${origin}/t/c/[uuid]/[junk]`],
      unsubscribe: [`${origin}/t/u/[uuid]`],
      pixel: [`${origin}/t/o/[uuid]`],
    },
    trk: 'preview',
  };
  // The editor's own text goes with its HTML; else the saved message's, else the campaign message's.
  const ownText =
    input.content !== undefined
      ? input.text?.trim()
        ? input.text
        : null
      : ((saved ? saved.textContent : campaign?.campaign.textContent) ?? null);
  const compiled = compileMessage(
    { sender: campaign?.campaign.sender ?? SAMPLE_SENDER, subject, html, text: ownText },
    sources,
  );
  const env = { rng: seededRng(PREVIEW_SEED), date: renderDate() };
  const out = renderMessage(compiled, SAMPLE_RECIPIENT, env);
  const text = out.text ?? textOfHtml(out.html);
  const c = campaign?.campaign;
  const domains = c
    ? await sendingDomains(ctx.db.$client, {
        type: c.type,
        groupId: c.type === CampaignType.PMTA ? c.pmtaRelayGroupId : c.smtpRelayGroupId,
      })
    : null;
  const filters = filterChecks({
    html: out.html,
    text,
    ownText: Boolean(out.text),
    // A PMTA campaign's links are built by the engine (relayHostLink): checked as the sample recipient gets them.
    unsubscribe: sources.links.unsubscribe.map((u) => (typeof u === 'string' ? u : render(u, SAMPLE_RECIPIENT, env))),
    pixelOnlyImage: compiled.pixelOnlyImage,
    domains,
  });
  return { subject: out.subject, html: out.html, unresolved: compiled.unresolved, text, filters };
}
