import crypto from 'node:crypto';
import { CampaignType } from '@console/shared/enums';
import { DEFAULT_THRESHOLDS } from '@console/shared/warmup-plans';
import { seal } from '../src/core/sealed.ts';
import {
  categories,
  emailListUsers,
  emailLists,
  emails,
  messages,
  offers,
  pmtaRelayGroups,
  pmtaRelays,
  pmtaServers,
  smtpRelayGroups,
  smtpRelays,
  smtpServers,
  socksProxies,
  tags,
  linkGroups,
  links,
  campaigns,
  warmupPlans,
} from '../src/db/schema/index.ts';
import type { TestApp, TestUser } from './harness.ts';

/**
 * Test data, made one way: each factory builds what it needs and takes what the test cares about. An
 * offer without a category or owner gets new ones; a relay factory (later) makes its server and group.
 * Rows go straight into the database (fast, no side effects such as health checks or notifications);
 * a test that checks a route calls the route itself.
 */
export function factories(t: TestApp) {
  const tag = () => crypto.randomBytes(3).toString('hex');

  async function category(o: { name?: string; parentId?: number } = {}) {
    const [row] = await t.ctx.db
      .insert(categories)
      .values({ name: o.name ?? `category ${tag()}`, parentId: o.parentId ?? null })
      .returning();
    return row!;
  }

  async function offer(
    o: { owner?: TestUser; categoryId?: number; name?: string; url?: string; archived?: boolean } = {},
  ) {
    const owner = o.owner ?? (await t.user());
    const categoryId = o.categoryId ?? (await category()).id;
    const [row] = await t.ctx.db
      .insert(offers)
      .values({
        name: o.name ?? `offer ${tag()}`,
        url: o.url ?? 'https://offer.example.com/?c=[click_id]',
        categoryId,
        userId: owner.id,
        archive: o.archived ? new Date() : null,
      })
      .returning();
    return { ...row!, owner };
  }

  /** A list with its owner, category, assigned users and e-mails (counters kept exact). */
  async function emailList(
    o: { owner?: TestUser; categoryId?: number; name?: string; users?: TestUser[]; emails?: string[] } = {},
  ) {
    const owner = o.owner ?? (await t.user());
    const categoryId = o.categoryId ?? (await category()).id;
    const addresses = o.emails ?? [];
    const [row] = await t.ctx.db
      .insert(emailLists)
      .values({
        name: o.name ?? `list ${tag()}`,
        categoryId,
        userId: owner.id,
        totalCounter: addresses.length,
        validCounter: addresses.length,
      })
      .returning();
    if (o.users?.length) {
      await t.ctx.db.insert(emailListUsers).values(o.users.map((u) => ({ emailListId: row!.id, userId: u.id })));
    }
    if (addresses.length) {
      const { rows } = await t.ctx.db.$client.query<{ id: number }>(
        `select id from mail_providers where name = 'Other'`,
      );
      const providerId = rows[0]!.id;
      await t.ctx.db
        .insert(emails)
        .values(addresses.map((email) => ({ emailListId: row!.id, email, mailProviderId: providerId, valid: true })));
      await t.ctx.db.$client.query(
        'insert into email_list_provider_counters (email_list_id, mail_provider_id, counter) values ($1, $2, $3)',
        [row!.id, providerId, addresses.length],
      );
    }
    return { ...row!, owner };
  }

  /** A loopback address no other factory call returns (relays and servers are unique by IP). */
  let nextIp = crypto.randomInt(1, 2 ** 16) * 256;
  const ip = () => {
    nextIp += 1;
    return `127.${(nextIp >> 16) & 255}.${(nextIp >> 8) & 255}.${nextIp & 255}`;
  };
  const ownerOf = async (o: { owner?: TestUser }) => o.owner ?? (await t.user());

  async function pmtaServer(o: { owner?: TestUser; name?: string; isVps?: boolean; serverIp?: string } = {}) {
    const owner = await ownerOf(o);
    const [row] = await t.ctx.db
      .insert(pmtaServers)
      .values({
        name: o.name ?? `pmta ${tag()}`,
        serverIp: o.serverIp ?? ip(),
        ipList: '127.0.0.1',
        isVps: o.isVps ?? false,
        userId: owner.id,
      })
      .returning();
    return { ...row!, owner };
  }

  async function smtpServer(o: { owner?: TestUser; name?: string; host?: string; port?: number } = {}) {
    const owner = await ownerOf(o);
    const [row] = await t.ctx.db
      .insert(smtpServers)
      .values({ name: o.name ?? `smtp ${tag()}`, host: o.host ?? '127.0.0.1', port: o.port ?? 25, userId: owner.id })
      .returning();
    return { ...row!, owner };
  }

  async function pmtaRelayGroup(o: { owner?: TestUser; name?: string; archived?: boolean } = {}) {
    const owner = await ownerOf(o);
    const [row] = await t.ctx.db
      .insert(pmtaRelayGroups)
      .values({ name: o.name ?? `pmta group ${tag()}`, userId: owner.id, archive: o.archived ? new Date() : null })
      .returning();
    return { ...row!, owner };
  }

  async function smtpRelayGroup(o: { owner?: TestUser; name?: string; archived?: boolean } = {}) {
    const owner = await ownerOf(o);
    const [row] = await t.ctx.db
      .insert(smtpRelayGroups)
      .values({ name: o.name ?? `smtp group ${tag()}`, userId: owner.id, archive: o.archived ? new Date() : null })
      .returning();
    return { ...row!, owner };
  }

  /** A PMTA relay; its server and group are made for its owner unless given. */
  async function pmtaRelay(
    o: {
      owner?: TestUser;
      pmtaServerId?: number;
      groupId?: number;
      smtpHost?: string;
      ip?: string;
      active?: boolean;
      status?: number;
      description?: string | null;
    } = {},
  ) {
    const owner = await ownerOf(o);
    const pmtaServerId = o.pmtaServerId ?? (await pmtaServer({ owner })).id;
    const groupId = o.groupId ?? (await pmtaRelayGroup({ owner })).id;
    const host = tag();
    const [row] = await t.ctx.db
      .insert(pmtaRelays)
      .values({
        userId: owner.id,
        pmtaServerId,
        groupId,
        smtpHost: o.smtpHost ?? `mta-${host}.example.com`,
        ip: o.ip ?? ip(),
        senderEmail: `sender@mta-${host}.example.com`,
        active: o.active ?? true,
        status: o.status ?? 1,
        description: o.description ?? null,
      })
      .returning();
    return { ...row!, owner };
  }

  async function socksProxy(
    o: { owner?: TestUser; ip?: string; port?: number; login?: string; password?: string; active?: boolean } = {},
  ) {
    const owner = await ownerOf(o);
    const [row] = await t.ctx.db
      .insert(socksProxies)
      .values({
        ip: o.ip ?? ip(),
        port: o.port ?? 1080,
        login: o.login ?? null,
        passwordEnc: o.password === undefined ? null : seal(t.ctx.secret, o.password),
        active: o.active ?? true,
        userId: owner.id,
      })
      .returning();
    return { ...row!, owner };
  }

  /** An SMTP relay (an account); its server and group are made for its owner unless given. */
  async function smtpRelay(
    o: {
      owner?: TestUser;
      smtpServerId?: number;
      groupId?: number;
      account?: string;
      password?: string;
      active?: boolean;
      socksId?: number | null;
    } = {},
  ) {
    const owner = await ownerOf(o);
    const smtpServerId = o.smtpServerId ?? (await smtpServer({ owner })).id;
    const groupId = o.groupId ?? (await smtpRelayGroup({ owner })).id;
    const account = o.account ?? `account-${tag()}`;
    const [row] = await t.ctx.db
      .insert(smtpRelays)
      .values({
        userId: owner.id,
        smtpServerId,
        groupId,
        socksId: o.socksId ?? null,
        account,
        senderEmail: `${account}@example.com`,
        passwordEnc: seal(t.ctx.secret, o.password ?? 'secret'),
        active: o.active ?? true,
      })
      .returning();
    return { ...row!, owner };
  }

  async function message(
    o: {
      owner?: TestUser;
      name?: string;
      subject?: string;
      content?: string;
      text?: string | null;
      archived?: boolean;
    } = {},
  ) {
    const owner = await ownerOf(o);
    const [row] = await t.ctx.db
      .insert(messages)
      .values({
        name: o.name ?? `message ${tag()}`,
        subject: o.subject ?? 'Hello [name]',
        content: o.content ?? '<html><body><p>Hello [name]</p></body></html>',
        textContent: o.text ?? null,
        userId: owner.id,
        archive: o.archived ? new Date() : null,
      })
      .returning();
    return { ...row!, owner };
  }

  async function dynamicTag(o: { owner?: TestUser; name?: string; content?: string[] } = {}) {
    const owner = await ownerOf(o);
    const [row] = await t.ctx.db
      .insert(tags)
      .values({ name: o.name ?? `tag_${tag()}`, content: o.content ?? ['one', 'two'], userId: owner.id })
      .returning();
    return { ...row!, owner };
  }

  async function linkGroup(o: { owner?: TestUser; name?: string; type?: 0 | 1 | 2 } = {}) {
    const owner = await ownerOf(o);
    const [row] = await t.ctx.db
      .insert(linkGroups)
      .values({ name: o.name ?? `links ${tag()}`, type: o.type ?? 0, userId: owner.id })
      .returning();
    return { ...row!, owner };
  }

  async function link(o: { owner?: TestUser; groupId?: number; url?: string } = {}) {
    const owner = await ownerOf(o);
    const groupId = o.groupId ?? (await linkGroup({ owner })).id;
    const [row] = await t.ctx.db
      .insert(links)
      .values({ groupId, url: o.url ?? `https://trk-${tag()}.example.com/t/c/[uuid]`, userId: owner.id })
      .returning();
    return { ...row!, owner };
  }

  /**
   * An SMTP campaign (Inactive) with everything it refers to made for its owner unless given: a list of
   * `emails`, a message, an offer, an offer link group with one link, a relay group. All mail services.
   */
  async function smtpCampaign(
    o: {
      owner?: TestUser;
      name?: string;
      emailListId?: number;
      emails?: string[];
      messageId?: number;
      offerId?: number;
      offerLinksId?: number;
      unsubscribeLinksId?: number | null;
      pixelLinksId?: number | null;
      relayGroupId?: number;
      relayStatus?: number;
      mailProviderIds?: number[];
      status?: number;
      sender?: string;
    } = {},
  ) {
    const owner = await ownerOf(o);
    const offerLinksId =
      o.offerLinksId ??
      (await (async () => {
        const g = await linkGroup({ owner, type: 0 });
        await link({ owner, groupId: g.id });
        return g.id;
      })());
    const providers = await t.ctx.db.$client.query<{ id: number }>('select id from mail_providers order by id');
    const [row] = await t.ctx.db
      .insert(campaigns)
      .values({
        type: CampaignType.SMTP,
        name: o.name ?? `campaign ${tag()}`,
        sender: o.sender ?? 'Sender {a|b}',
        emailListId: o.emailListId ?? (await emailList({ owner, emails: o.emails })).id,
        mailProviderIds: o.mailProviderIds ?? providers.rows.map((r) => r.id),
        messageId: o.messageId ?? (await message({ owner })).id,
        offerId: o.offerId ?? (await offer({ owner })).id,
        offerLinksId,
        unsubscribeLinksId: o.unsubscribeLinksId ?? null,
        pixelLinksId: o.pixelLinksId ?? null,
        relayStatus: o.relayStatus ?? 1,
        smtpRelayGroupId: o.relayGroupId ?? (await smtpRelayGroup({ owner })).id,
        status: o.status ?? 2,
        userId: owner.id,
      })
      .returning();
    return { ...row!, owner };
  }

  /** A PMTA campaign (CampaignType.PMTA): no link groups; its relays are a PMTA relay group's. */
  async function pmtaCampaign(
    o: {
      owner?: TestUser;
      name?: string;
      emailListId?: number;
      messageId?: number;
      offerId?: number;
      relayGroupId?: number;
      relayStatus?: number;
      mailProviderIds?: number[];
      status?: number;
      sender?: string;
    } = {},
  ) {
    const owner = await ownerOf(o);
    const providers = await t.ctx.db.$client.query<{ id: number }>('select id from mail_providers order by id');
    const [row] = await t.ctx.db
      .insert(campaigns)
      .values({
        type: CampaignType.PMTA,
        name: o.name ?? `pmta campaign ${tag()}`,
        sender: o.sender ?? 'Sender {a|b}',
        emailListId: o.emailListId ?? (await emailList({ owner })).id,
        mailProviderIds: o.mailProviderIds ?? providers.rows.map((r) => r.id),
        messageId: o.messageId ?? (await message({ owner })).id,
        offerId: o.offerId ?? (await offer({ owner })).id,
        relayStatus: o.relayStatus ?? 1,
        pmtaRelayGroupId: o.relayGroupId ?? (await pmtaRelayGroup({ owner })).id,
        status: o.status ?? 2,
        userId: owner.id,
      })
      .returning();
    return { ...row!, owner };
  }

  /** A warm-up plan: by default 3 days, Gmail 5/10/20 a day and every other service 50/100/200. */
  async function warmupPlan(
    o: {
      owner?: TestUser;
      name?: string;
      services?: { mailProviderId: number | null; perDay: number[]; perHour: number[] | null }[];
    } = {},
  ) {
    const owner = await ownerOf(o);
    const gmail = await t.ctx.db.$client.query<{ id: number }>(`select id from mail_providers where name = 'Gmail'`);
    const services = o.services ?? [
      { mailProviderId: gmail.rows[0]!.id, perDay: [5, 10, 20], perHour: null },
      { mailProviderId: null, perDay: [50, 100, 200], perHour: null },
    ];
    const [row] = await t.ctx.db
      .insert(warmupPlans)
      .values({
        name: o.name ?? `plan ${tag()}`,
        days: services[0]!.perDay.length,
        services,
        thresholds: DEFAULT_THRESHOLDS,
        userId: owner.id,
      })
      .returning();
    return { ...row!, owner };
  }

  return {
    user: t.user,
    warmupPlan,
    pmtaCampaign,
    smtpCampaign,
    linkGroup,
    link,
    category,
    offer,
    emailList,
    pmtaServer,
    smtpServer,
    pmtaRelayGroup,
    smtpRelayGroup,
    pmtaRelay,
    socksProxy,
    smtpRelay,
    message,
    tag: dynamicTag,
  };
}
