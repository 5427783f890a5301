/**
 * The sending benchmarks' common data (bench/send, bench/inject): an owner, a list of `total` valid e-mails
 * `user<g>@example<g % 50>.com` of the mail service Other (set-based in SQL), an offer, and a 1.9 KB HTML
 * newsletter with `[name]`, `[city]`, a live tag and offer / unsubscribe / pixel links (bench/track too, with
 * an offer URL holding every placeholder).
 */
import { seal } from '../../packages/server/src/core/sealed.ts';

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, any>[] }>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function seedNewsletter(q: Query, total: number, offerUrl = 'https://offer.example.com/?c=[click_id]') {
  const one = async (text: string, params: unknown[] = []) => (await q(text, params)).rows[0]!;
  const user = await one(`insert into users (username, email, password_hash, roles, is_active)
    values ('owner', 'owner@example.com', 'x', '{ROLE_USER}', true) returning id`);
  const category = await one(`insert into categories (name) values ('bench') returning id`);
  const list = await one(
    `insert into email_lists (name, category_id, user_id, total_counter, valid_counter) values ('big', $1, $2, $3, $3) returning id`,
    [category.id, user.id, total],
  );
  const provider = await one(`select id from mail_providers where name = 'Other'`);
  await q(
    `insert into emails (email_list_id, email, mail_provider_id, valid, name, city)
     select $1, 'user' || g || '@example' || (g % 50) || '.com', $2, true, 'Name' || g, 'City' from generate_series(1, $3) g`,
    [list.id, provider.id, total],
  );
  const offer = await one(
    `insert into offers (category_id, name, url, user_id) values ($1, 'offer', $3, $2) returning id`,
    [category.id, user.id, offerUrl],
  );
  const html = `<html><body><table><tr><td><h1>Hello [name] from [city]</h1>
<p>${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(25)}</p>
<p><a href="[offer]">See the offer</a> - <a href="[unsub]">unsubscribe</a></p>[pixel]</td></tr></table></body></html>`;
  const message = await one(
    `insert into messages (name, subject, content, user_id) values ('m', 'News for [name] {a|b|c}', $1, $2) returning id`,
    [html, user.id],
  );
  return { user, list, provider, offer, message };
}

/**
 * The newsletter's links (offer, unsubscribe and pixel link groups on trk.example.com) and an SMTP relay group
 * with one unpaced relay per sink port (account `relay<i>` / `pw<i>`, as bench/send/sinks.ts expects).
 */
export async function seedSinkRelays(q: Query, secret: Uint8Array, userId: number, ports: number[]) {
  const one = async (text: string, params: unknown[] = []) => (await q(text, params)).rows[0]!;
  const linkGroups = [] as number[];
  for (const [type, url] of [
    [0, 'https://trk.example.com/t/c/[uuid]/[junk]'],
    [1, 'https://trk.example.com/t/u/[uuid]/x'],
    [2, 'https://trk.example.com/t/o/[uuid]/p.gif'],
  ] as const) {
    const g = await one(`insert into link_groups (name, type, user_id) values ('g', $1, $2) returning id`, [
      type,
      userId,
    ]);
    await q(`insert into links (group_id, url, user_id) values ($1, $2, $3)`, [g.id, url, userId]);
    linkGroups.push(g.id);
  }
  const relayGroup = await one(`insert into smtp_relay_groups (name, user_id) values ('g', $1) returning id`, [userId]);
  for (const [i, port] of ports.entries()) {
    const server = await one(
      `insert into smtp_servers (name, host, port, user_id) values ($1, '127.0.0.1', $2, $3) returning id`,
      [`sink ${i}`, port, userId],
    );
    await q(
      `insert into smtp_relays (user_id, group_id, smtp_server_id, sender_email, account, password_enc, active, normal_speed,
                                backoff_speed)
       values ($1, $2, $3, $4, $5, $6, true, 0, 0)`,
      [userId, relayGroup.id, server.id, `news@relay${i}.example.net`, `relay${i}`, seal(secret, `pw${i}`)],
    );
  }
  return { linkGroups, relayGroup: relayGroup.id as number };
}
