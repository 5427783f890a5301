/**
 * The sending benchmarks' common data (bench/send, bench/inject): an owner, a list of `total` valid e-mails
 * `user<g>@example<g % 50>.com` of the mail service Other (set-based in SQL), an offer, and a 1.9 KB HTML
 * newsletter with `[name]`, `[city]`, a live tag and offer / unsubscribe / pixel links (bench/track too, with
 * an offer URL holding every placeholder).
 */
// @ts-nocheck

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
