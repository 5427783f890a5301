import { CampaignTypeOf } from '@console/shared/enums';
import type pg from 'pg';
import type { AppContext } from '../core/context.ts';
import { notifyUser } from '../core/notify.ts';
import { connectorFor, outboundPolicy } from '../core/outbound.ts';
import { open } from '../core/sealed.ts';
import { vmtaName } from '../core/pmta-names.ts';
import type { SmtpRelayConfig } from './transports/smtp.ts';
import { warmupStateSql, type WarmupState } from './warmup.ts';

/** Every connection a sender opens passes the outbound policy (core/outbound.ts): the host and the socks proxy. */
export const relayConnectors = (ctx: Pick<AppContext, 'env'>, hostField: string) => ({
  host: connectorFor(outboundPolicy(ctx.env), hostField),
  socks: connectorFor(outboundPolicy(ctx.env), 'Socks IP'),
});

/*
 * The relays a campaign may use, their pacing and their states (ARCHITECTURE §4.3, docs/decisions/0802).
 *   - Eligible: the campaign's relay group's active relays whose status is the campaign's relay status, not
 *     blocked for the campaign (campaign_relay_blocks: their login failed), and not switched off for the
 *     recipient's mail service: a PMTA relay's switches (pmta_relay_switches), an SMTP relay's pauses
 *     (smtp_relay_pauses not resumed, decision 1442).
 *   - Pacing across every process: one relay_pacing row per relay. A send takes the relay's next slot with
 *     one atomic UPDATE and waits for it, so N processes together still send one message per `speed`
 *     seconds. Speed 0 means unpaced: no database round trip at all.
 *   - Backoff: a throttling reply sets the relay's `backoff` flag (backoffSpeed applies); its next
 *     delivery clears it. Both are conditional UPDATEs, written only when the flag really changes.
 */

/** relay_pacing.relay_type: a relay's kind by its campaigns' numbers (CampaignType), so `c.type === RelayType.pmta` holds. */
export const RelayType = CampaignTypeOf;

export interface Relay {
  type: number;
  id: number;
  userId: number;
  account: string;
  senderEmail: string;
  normalSpeed: number;
  backoffSpeed: number;
  backoff: boolean;
  /** Mail services this relay must not send to (PMTA switches, SMTP relay pauses). */
  switchedOff: ReadonlySet<number>;
  /** The relay's host name (a PMTA campaign's links point at it, decision 0910). */
  host: string;
  /** A PMTA relay's virtual MTA on its server (its messages are injected through it). */
  vmta?: string;
  /**
   * CFBL (RFC 9477, decision 1392): the complaint address of the sender domain whose key signs this
   * relay's mail; null without one (or without the console's signature: the address must be signed).
   */
  cfblAddress?: string | null;
  /** VERP (decision 1440): the domain of the envelope sender `bounce+<id>@<domain>`; null or absent: off. */
  returnPathDomain?: string | null;
  /** The relay's warm-up plan and day (sending/warmup.ts); null or absent when it is in none. */
  warmup?: WarmupState | null;
  /** Which transport it sends through: its own (SMTP relay) or its server's injection pool (PMTA relay). */
  transportKey: string;
  /** Builds the transport's settings (opens the sealed passwords only when a transport is made). */
  config: () => SmtpRelayConfig;
  /** Changes when anything the transport depends on changes: a cached transport is then replaced. */
  configKey: string;
}

/**
 * Seconds between two messages (0: no pause). Backoff is never faster than normal, whatever a row says
 * (a backoff speed of 0 or below the normal one, saved before the forms refused it: issue 23).
 */
export const speedOf = (r: Pick<Relay, 'backoff' | 'normalSpeed' | 'backoffSpeed'>) =>
  r.backoff && r.normalSpeed > 0 ? Math.max(r.backoffSpeed, r.normalSpeed) : r.backoff ? r.backoffSpeed : r.normalSpeed;

/**
 * What makes a relay `r` of either kind eligible for a campaign ($1 its relay group, $2 its relay status,
 * $3 the campaign): in the group, active, of that status, and not blocked for the campaign.
 */
const eligibleWhere = `r.group_id = $1 and r.active and r.status = $2
        and not exists (select 1 from campaign_relay_blocks b where b.campaign_id = $3 and b.relay_id = r.id)`;

interface SmtpRelayRow {
  id: number;
  userId: number;
  account: string;
  senderEmail: string;
  passwordEnc: string;
  normalSpeed: number;
  backoffSpeed: number;
  backoff: boolean;
  host: string;
  port: number;
  tls: boolean;
  socksIp: string | null;
  socksPort: number | null;
  socksLogin: string | null;
  socksPasswordEnc: string | null;
  dkimDomain: string | null;
  dkimSelector: string | null;
  dkimKeyEnc: string | null;
  cfblAddress: string | null;
  returnPathDomain: string | null;
  off: number[];
  warmup: WarmupState | null;
}

/** The campaign's eligible SMTP relays now, in id order. */
export async function eligibleSmtpRelays(
  ctx: AppContext,
  c: { id: number; smtpRelayGroupId: number; relayStatus: number },
): Promise<Relay[]> {
  const { rows } = await ctx.db.$client.query<SmtpRelayRow>(
    `select r.id, r.user_id as "userId", r.account, r.sender_email as "senderEmail", r.password_enc as "passwordEnc",
            r.normal_speed as "normalSpeed", r.backoff_speed as "backoffSpeed", r.backoff,
            s.host, s.port, s.tls, host(p.ip) as "socksIp", p.port as "socksPort", p.login as "socksLogin",
            p.password_enc as "socksPasswordEnc", k.domain as "dkimDomain", k.selector as "dkimSelector",
            k.private_key_enc as "dkimKeyEnc", k.complaint_address as "cfblAddress",
            s.return_path_domain as "returnPathDomain",
            coalesce((select array_agg(x.mail_provider_id) from smtp_relay_pauses x
                       where x.relay_id = r.id and x.resumed_at is null), '{}') as off,
            ${warmupStateSql(RelayType.smtp)} as warmup
       from smtp_relays r
       join smtp_servers s on s.id = r.smtp_server_id
       left join socks_proxies p on p.id = r.socks_id
       left join dkim_keys k on not r.provider_signs and k.user_id = r.user_id
                            and k.domain = lower(split_part(r.sender_email, '@', 2))
      where ${eligibleWhere}
      order by r.id`,
    [c.smtpRelayGroupId, c.relayStatus, c.id],
  );
  return rows.map((r) => ({
    type: RelayType.smtp,
    id: r.id,
    userId: r.userId,
    account: r.account,
    senderEmail: r.senderEmail,
    normalSpeed: r.normalSpeed,
    backoffSpeed: r.backoffSpeed,
    backoff: r.backoff,
    switchedOff: new Set(r.off),
    host: r.host,
    cfblAddress: r.dkimKeyEnc ? r.cfblAddress : null,
    returnPathDomain: r.returnPathDomain,
    warmup: r.warmup,
    transportKey: `smtp:${r.id}`,
    configKey: JSON.stringify([
      r.host,
      r.port,
      r.tls,
      r.account,
      r.passwordEnc,
      r.socksIp,
      r.socksPort,
      r.socksLogin,
      r.socksPasswordEnc,
      r.dkimSelector,
      r.dkimKeyEnc,
    ]),
    config: () => ({
      connect: relayConnectors(ctx, 'Host'),
      host: r.host,
      port: r.port,
      tls: r.tls,
      account: r.account,
      password: open(ctx.secret, r.passwordEnc),
      socks:
        r.socksIp && r.socksPort
          ? {
              ip: r.socksIp,
              port: r.socksPort,
              login: r.socksLogin,
              password: r.socksPasswordEnc ? open(ctx.secret, r.socksPasswordEnc) : null,
            }
          : null,
      // The sender domain's key (issue 26): the owner's key of the domain, unless the provider signs.
      dkim:
        r.dkimDomain && r.dkimSelector && r.dkimKeyEnc
          ? { domainName: r.dkimDomain, keySelector: r.dkimSelector, privateKey: open(ctx.secret, r.dkimKeyEnc) }
          : null,
    }),
  }));
}

/**
 * The campaign's eligible PMTA relays now, in id order: those with a VMTA on their server (not `withoutVmta`),
 * with the mail services they are switched off for. PMTA paces delivery from its configuration, so the
 * console does not pace injection (speeds 0); the relays of one server share its injection pool.
 */
export async function eligiblePmtaRelays(
  ctx: AppContext,
  c: { id: number; pmtaRelayGroupId: number; relayStatus: number },
): Promise<Relay[]> {
  const { rows } = await ctx.db.$client.query<{
    id: number;
    userId: number;
    smtpHost: string;
    senderEmail: string;
    serverId: number;
    serverIp: string;
    smtpPort: number;
    off: number[];
    warmup: WarmupState | null;
  }>(
    `select r.id, r.user_id as "userId", r.smtp_host as "smtpHost", r.sender_email as "senderEmail",
            s.id as "serverId", host(s.server_ip) as "serverIp", s.smtp_port as "smtpPort",
            coalesce((select array_agg(w.mail_provider_id) from pmta_relay_switches w where w.relay_id = r.id and w.off), '{}') as off,
            ${warmupStateSql(RelayType.pmta)} as warmup
       from pmta_relays r
       join pmta_servers s on s.id = r.pmta_server_id
      where ${eligibleWhere} and not r.without_vmta
      order by r.id`,
    [c.pmtaRelayGroupId, c.relayStatus, c.id],
  );
  return rows.map((r) => ({
    type: RelayType.pmta,
    id: r.id,
    userId: r.userId,
    account: r.smtpHost,
    senderEmail: r.senderEmail,
    normalSpeed: 0,
    backoffSpeed: 0,
    backoff: false,
    switchedOff: new Set(r.off),
    host: r.smtpHost,
    vmta: vmtaName(r),
    warmup: r.warmup,
    transportKey: `pmta-server:${r.serverId}`,
    configKey: JSON.stringify([r.serverIp, r.smtpPort]),
    config: () => ({
      host: r.serverIp,
      port: r.smtpPort,
      tls: false,
      account: '',
      password: '',
      connect: relayConnectors(ctx, 'Server IP'),
    }),
  }));
}

/**
 * Takes the relay's next send slot (shared by every process) and returns how many milliseconds to wait
 * for it, by the database's clock. Speed 0: no slot, no wait.
 */
export async function takeSlot(db: pg.Pool, relay: Pick<Relay, 'type' | 'id'>, speedSeconds: number) {
  if (speedSeconds <= 0) return 0;
  const { rows } = await db.query<{ wait: number }>(
    `insert into relay_pacing as p (relay_type, relay_id, next_at) values ($1, $2, now() + make_interval(secs => $3))
     on conflict (relay_type, relay_id)
       do update set next_at = greatest(p.next_at, now()) + make_interval(secs => $3)
     returning greatest(0, extract(epoch from (p.next_at - make_interval(secs => $3) - now())) * 1000)::float8 as wait`,
    [relay.type, relay.id, speedSeconds],
  );
  return rows[0]?.wait ?? 0;
}

const relayTable = (type: number) => (type === RelayType.smtp ? 'smtp_relays' : 'pmta_relays');

/** Sets or clears the relay's backoff flag; true when this call changed it. */
export async function setBackoff(db: pg.Pool, relay: Pick<Relay, 'type' | 'id'>, on: boolean) {
  const { rowCount } = await db.query(
    `update ${relayTable(relay.type)} set backoff = $2, backoff_since = case when $2 then now() end
      where id = $1 and backoff <> $2`,
    [relay.id, on],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * The relay's login failed: it stops being used for this campaign, and its owner is told once (the first
 * process to block it, as the insert says).
 */
export async function blockRelay(
  ctx: AppContext,
  campaign: { id: number; name: string },
  relay: Pick<Relay, 'id' | 'userId' | 'account'>,
  reply: string,
) {
  const { rowCount } = await ctx.db.$client.query(
    `insert into campaign_relay_blocks (campaign_id, relay_id, reason) values ($1, $2, $3) on conflict do nothing`,
    [campaign.id, relay.id, `login failed: ${reply}`.slice(0, 1000)],
  );
  if (!rowCount) return false;
  await notifyUser(ctx, relay.userId, {
    subject: `SMTP relay ${relay.account}: login failed`,
    message: `Campaign "${campaign.name}" stopped using SMTP relay ${relay.account}: the server refused its login (${reply}).`,
    status: 'error',
  });
  return true;
}
