/**
 * Collection benchmark: node bench/collections/run.ts [offers] [lists]
 * (defaults 200,000 offers and 20,000 e-mail lists)
 *
 * Seeds offers and e-mail lists with set-based SQL, then times the real list calls through the app
 * (inject, no socket): first and deep pages, a name filter, a sort, an ordinary user's scoped view and
 * the `groups[]=select` form. Median of 15 runs after 3 warm-ups. Uses DATABASE_URL when set, otherwise
 * an embedded PostgreSQL in a temp DATA_DIR.
 */
import { exit } from '../lib/hermetic.ts';
import { startBenchApp } from '../lib/bench-app.ts';

const offers = Number(process.argv[2] ?? 200_000);
const lists = Number(process.argv[3] ?? 20_000);
const { app, q, token: tokenOf, stop } = await startBenchApp('collections', { jobs: [], deadlineS: 900 });

console.log(`seeding ${offers.toLocaleString('en')} offers and ${lists.toLocaleString('en')} e-mail lists ...`);
await q(`insert into users (username, email, password_hash, roles, is_active)
  select 'u' || g, 'u' || g || '@example.com', 'x', case when g = 1 then '{ROLE_ADMIN,ROLE_USER}'::text[] else '{ROLE_USER}' end, true
  from generate_series(1, 50) g`);
await q(`insert into categories (name) select 'cat ' || g from generate_series(1, 20) g`);
await q(`insert into offers (name, url, category_id, user_id)
  select 'offer ' || md5(g::text), 'https://example.com/' || g, (select min(id) from categories) + g % 20,
         (select min(id) from users) + g % 50
  from generate_series(1, ${offers}) g`);
await q(`insert into email_lists (name, category_id, user_id, total_counter, valid_counter)
  select 'list ' || md5(g::text), (select min(id) from categories) + g % 20, (select min(id) from users) + g % 50, g, g / 2
  from generate_series(1, ${lists}) g`);
await q('analyze');

const { rows: u } = await q(
  `select id, username, roles, token_generation as "tokenGeneration" from users order by id limit 2`,
);
const admin = await tokenOf(u[0]!);
const user = await tokenOf(u[1]!);

async function time(label: string, path: string, bearer: string) {
  const run = async () => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${bearer}` } });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 3; i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < 15; i++) samples.push(await run());
  samples.sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(44)} median ${samples[7]!.toFixed(1).padStart(6)} ms   p90 ${samples[13]!.toFixed(1).padStart(6)} ms`,
  );
}

await time('offers, page 1 (30 rows)', '/api/offers', admin);
await time('offers, page 5000', '/api/offers?_page=5000', admin);
await time('offers, name contains', '/api/offers?name=abc', admin);
await time('offers, order[name]=asc', '/api/offers?order[name]=asc', admin);
await time('offers, ordinary user (own rows)', '/api/offers', user);
await time('offers, groups[]=select, pagination=false', '/api/offers?groups[]=select&pagination=false', user);
await time('email lists, page 1 (100 rows, 70 providers)', '/api/email_lists', admin);
await time('email lists, order[totalCounter]=desc', '/api/email_lists?order[totalCounter]=desc', admin);
await time('email lists, ordinary user', '/api/email_lists', user);

await stop();
await exit(0); // the loopback DNS server and the deadline end with it
