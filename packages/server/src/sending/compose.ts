import { CampaignType } from '@console/shared/enums';
import crypto from 'node:crypto';
import type pg from 'pg';
import type { AppContext } from '../core/context.ts';
import { verpAddress } from '../suppression/reports/verp.ts';
import { encodeTrackingId } from '../tracking/uuid.ts';
import type { ClaimedRecipient } from './claim.ts';
import { htmlTextTemplate } from './render/html-text.ts';
import { compileMessage, renderDate, renderMessage, type CompiledMessage } from './render/message.ts';
import { randomRng, type Rng } from './render/random.ts';
import { Compiler, relayHostLink, render, type CompileSources, type Template } from './render/template.ts';
import { campaignJobId, injected } from './transports/pmta.ts';
import type { OutgoingMessage } from './transports/transport.ts';

/*
 * A campaign's message, compiled once per sender run (docs/decisions/0802), and one recipient's message
 * from it. Links come from the campaign's link groups, `{tags}` from the owner's saved tags, `[trk]` is
 * `smtp-<id>`. Headers: List-Unsubscribe with the rendered unsubscribe link (URL only: the tracking hosts
 * serve HTTP and accept no mail, so a mailto: would bounce) and RFC 8058's List-Unsubscribe-Post,
 * a Message-ID on the relay's sender domain, and X-Console-Id, the tracking id, for bounce matching;
 * CFBL-Address and CFBL-Feedback-ID when the sender domain has a complaint address (decision 1392).
 */

export interface SendingCampaign {
  id: number;
  type: number;
  name: string;
  userId: number;
  status: number;
  smtpRelayGroupId: number;
  pmtaRelayGroupId: number;
  relayStatus: number;
  /** Mail over a warm-up relay's allowance waits (1) or moves to a relay with room (2): decision 1432. */
  warmupOverflow: number;
  compiled: CompiledMessage;
  /**
   * Without a text of its own: the text alternative compiled once from the HTML (render/html-text.ts), or
   * null when it is made from each message's HTML.
   */
  htmlText: Template | null;
  /** `[unsub]` alone, for the List-Unsubscribe header; null when the campaign has no unsubscribe links. */
  unsubscribe: Template | null;
  /** The List-Id header's value (issue 26): the same for every message of the owner's list. */
  listId: string;
  rng: Rng;
}

const PMTA = CampaignType.PMTA;
/**
 * A PMTA campaign has no link groups (spec 3): its links go to the sending relay's own host on port 9999,
 * "the relay management interface port used for links" (spec 2), where the console's tracker runs (0910,
 * 0920). The engine builds them per message from the relay (not a macro: `relayHostLink`).
 */
export const PMTA_LINK_PORT = 9999;
const PMTA_LINKS = {
  offer: [relayHostLink(PMTA_LINK_PORT, '/t/c/', true)],
  unsubscribe: [relayHostLink(PMTA_LINK_PORT, '/t/u/', false)],
  pixel: [relayHostLink(PMTA_LINK_PORT, '/t/o/', true)],
};

/**
 * A campaign's row and what its message is compiled from: texts, link groups' URLs, the owner's tags, [trk].
 * An SMTP campaign without unsubscribe links unsubscribes through the console's own tracker when
 * TRACKER_URL is set (issue 26): `[unsub]` never renders empty in a message that is sent.
 */
/** The owner's saved tags, `{name}` to its values: what a message's `{tags}` are filled from. */
export async function tagValuesOf(db: Pick<pg.Pool, 'query'>, userId: number): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ name: string; content: string[] }>(
    'select name, content from tags where user_id = $1',
    [userId],
  );
  return new Map(rows.map((t) => [t.name, t.content]));
}

export async function campaignSources(db: pg.Pool, id: number, trackerUrl?: string) {
  const { rows } = await db.query<{
    id: number;
    type: number;
    name: string;
    sender: string;
    userId: number;
    status: number;
    smtpRelayGroupId: number;
    pmtaRelayGroupId: number;
    relayStatus: number;
    warmupOverflow: number;
    offerLinksId: number | null;
    unsubscribeLinksId: number | null;
    pixelLinksId: number | null;
    subject: string;
    content: string;
    textContent: string | null;
    emailListId: number;
    listName: string;
  }>(
    `select c.id, c.type, c.name, c.sender, c.user_id as "userId", c.status, c.smtp_relay_group_id as "smtpRelayGroupId",
            c.pmta_relay_group_id as "pmtaRelayGroupId", c.relay_status as "relayStatus",
            c.warmup_overflow as "warmupOverflow", c.offer_links_id as "offerLinksId",
            c.unsubscribe_links_id as "unsubscribeLinksId", c.pixel_links_id as "pixelLinksId", m.subject, m.content,
            m.text_content as "textContent", c.email_list_id as "emailListId", l.name as "listName"
       from campaigns c join messages m on m.id = c.message_id join email_lists l on l.id = c.email_list_id
      where c.id = $1`,
    [id],
  );
  const c = rows[0];
  if (!c) return null;
  const groups = [c.offerLinksId, c.unsubscribeLinksId, c.pixelLinksId];
  const { rows: links } = await db.query<{ groupId: number; url: string }>(
    'select group_id as "groupId", url from links where group_id = any($1::int[]) order by id',
    [groups.filter((g) => g !== null)],
  );
  const urls = (g: number | null) => (g === null ? [] : links.filter((l) => l.groupId === g).map((l) => l.url));
  const unsubscribe = urls(c.unsubscribeLinksId);
  if (!unsubscribe.length && trackerUrl) unsubscribe.push(defaultUnsubscribeUrl(trackerUrl));
  const sources: CompileSources = {
    tags: await tagValuesOf(db, c.userId),
    links: c.type === PMTA ? PMTA_LINKS : { offer: urls(c.offerLinksId), unsubscribe, pixel: urls(c.pixelLinksId) },
    trk: `${c.type === PMTA ? 'pmta' : 'smtp'}-${c.id}`,
  };
  return { campaign: c, sources };
}

/** The console's own one-click unsubscribe URL (the tracker's `/t/u/`), for campaigns without a link group. */
export const defaultUnsubscribeUrl = (trackerUrl: string) => `${trackerUrl.replace(/\/+$/, '')}/t/u/[uuid]`;

/**
 * List-Id (RFC 2919), stable per owner and list: `"<list name>" <list-<id>.user-<owner>.<namespace>>`, the
 * namespace being the console tracker's host name (TRACKER_URL), or RFC 2919's `localhost` without one.
 */
export function listIdHeader(list: { id: number; name: string; userId: number }, trackerUrl?: string) {
  const host = trackerUrl ? new URL(trackerUrl).hostname.toLowerCase() : 'localhost';
  return `${list.name} <list-${list.id}.user-${list.userId}.${host}>`;
}

export async function loadSendingCampaign(ctx: AppContext, id: number): Promise<SendingCampaign | null> {
  const loaded = await campaignSources(ctx.db.$client, id, ctx.env.TRACKER_URL);
  if (!loaded) return null;
  const { campaign: c, sources } = loaded;
  const compiled = compileMessage(
    { sender: c.sender, subject: c.subject, html: c.content, text: c.textContent },
    sources,
  );
  return {
    id: c.id,
    type: c.type,
    name: c.name,
    userId: c.userId,
    status: c.status,
    smtpRelayGroupId: c.smtpRelayGroupId,
    pmtaRelayGroupId: c.pmtaRelayGroupId,
    relayStatus: c.relayStatus,
    warmupOverflow: c.warmupOverflow,
    compiled,
    htmlText: compiled.text ? null : htmlTextTemplate(c.content, sources),
    unsubscribe: sources.links.unsubscribe.length ? new Compiler(sources).compile('[unsub]', 'text') : null,
    listId: listIdHeader({ id: c.emailListId, name: c.listName, userId: c.userId }, ctx.env.TRACKER_URL),
    rng: randomRng(),
  };
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

/**
 * One recipient's message through `relay`. A PMTA relay's message is the injection (decision 0910): through
 * its VMTA, in the campaign's job, with the tracking id as ENVID (what the accounting records carry back).
 */
export function composeMessage(
  secret: Uint8Array,
  c: SendingCampaign,
  r: ClaimedRecipient,
  relay: {
    id: number;
    senderEmail: string;
    host: string;
    vmta?: string;
    cfblAddress?: string | null;
    returnPathDomain?: string | null;
  },
): OutgoingMessage {
  const uuid = encodeTrackingId(secret, {
    campaignType: c.type === PMTA ? 'pmta' : 'smtp',
    campaignId: c.id,
    relayId: relay.id,
    emailId: r.emailId,
  });
  const recipient = { ...r, uuid, relayHost: relay.host };
  const env = { rng: c.rng, date: renderDate() };
  const m = renderMessage(c.compiled, recipient, env);
  const text = m.text ?? (c.htmlText ? render(c.htmlText, recipient, { ...env, sender: m.sender }) : undefined);
  const headers: Record<string, string> = { 'X-Console-Id': uuid, 'List-Id': c.listId };
  if (c.unsubscribe) {
    headers['List-Unsubscribe'] = `<${render(c.unsubscribe, recipient, env)}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  // CFBL (RFC 9477, decision 1392): the receiver's complaint comes back to the owner's address, carrying
  // the tracking id (what the ARF reader matches, decision 1365). Both are in the DKIM signature.
  if (relay.cfblAddress) {
    headers['CFBL-Address'] = `${relay.cfblAddress}; report=arf`;
    headers['CFBL-Feedback-ID'] = uuid;
  }
  const message = {
    from: { name: m.sender, address: relay.senderEmail },
    to: r.email,
    subject: m.subject,
    html: m.html,
    ...(text !== undefined ? { text } : {}),
    messageId: `<${crypto.randomUUID()}@${domainOf(relay.senderEmail)}>`,
    headers,
  };
  if (relay.vmta) return injected(message, { vmta: relay.vmta, jobId: campaignJobId(c.id), envId: uuid });
  // An SMTP relay's late bounce names its message without the original's headers (decision 1440): by the
  // ENVID and ORCPT a DSN-speaking server returns, and by VERP where the owner set a Return-Path domain.
  return {
    ...message,
    envId: uuid,
    orcpt: r.email,
    ...(relay.returnPathDomain ? { returnPath: verpAddress(uuid, relay.returnPathDomain) } : {}),
  };
}
