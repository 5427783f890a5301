/**
 * Suppression benchmark: node bench/suppression/run.ts [emails] [unsubscribers]
 * (defaults 1,000,000 e-mails and 100,000 unsubscribers)
 *
 * Seeds one list of `emails` e-mails (set-based SQL) in a category, then uploads a file of `unsubscribers`
 * addresses of that category through the real route (half of them on the list), and times the upload
 * from the request to the commit: the e-mails' `valid` and the list's counter are right at that moment.
 * Checks the counter against a direct count. Then one single unsubscriber (the form's path) is timed.
 * Uses DATABASE_URL when set (a fresh database on that server), otherwise an embedded PostgreSQL.
 */
// @ts-nocheck

import { exit } from '../lib/hermetic.ts';
import { startBenchApp, uploadEnded } from '../lib/bench-app.ts';
import { multipartBody } from '../../packages/server/test/uploads.ts';

const total = Number(process.argv[2] ?? 1_000_000);
const unsubscribers = Number(process.argv[3] ?? 100_000);
const {
  app,
  q,
  token: tokenOf,
  stop,
} = await startBenchApp('suppression', { schedules: false, jobs: ['unsubscribers.import'], deadlineS: 900 });

console.log(`seeding a list of ${total.toLocaleString('en')} e-mails ...`);
await q(`insert into users (username, email, password_hash, roles, is_active)
  values ('admin', 'admin@example.com', 'x', '{ROLE_ADMIN,ROLE_USER}', true)`);
const { rows: u } = await q('select * from users');
const { rows: cat } = await q(`insert into categories (name) values ('bench') returning id`);
const categoryId = cat[0]!.id as number;
const { rows: l } = await q(
  `insert into email_lists (name, category_id, user_id, total_counter, valid_counter) values ('big', $1, $2, $3, $3) returning id`,
  [categoryId, u[0]!.id, total],
);
const listId = l[0]!.id as number;
const { rows: p } = await q(`select id from mail_providers where name = 'Other'`);
await q(
  `insert into emails (email_list_id, email, mail_provider_id, valid)
   select $1, 'user' || g || '@example' || (g % 50) || '.com', $2, true from generate_series(1, $3) g`,
  [listId, p[0]!.id, total],
);
await q(`insert into email_list_provider_counters (email_list_id, mail_provider_id, counter) values ($1, $2, $3)`, [
  listId,
  p[0]!.id,
  total,
]);
await q('analyze');
const token = await tokenOf(u[0]!);

// Half the file is on the list (every other e-mail of its first part), half is not.
let csv = 'email\n';
for (let i = 1; i <= unsubscribers; i++)
  csv += i % 2 ? `user${i}@example${i % 50}.com\n` : `stranger${i}@elsewhere.example\n`;
const body = multipartBody(
  { data: JSON.stringify({ category: categoryId }) },
  { field: 'file', filename: 'unsubscribers.csv', content: csv },
);
const t0 = performance.now();
const res = await app.inject({
  method: 'POST',
  url: '/api/unsubscribers',
  payload: body.payload,
  headers: { ...body.headers, authorization: `Bearer ${token}` },
});
if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
const outcome = await uploadEnded(q, res.json().id);
const seconds = (performance.now() - t0) / 1000;
const { rows: check } = await q(
  `select valid_counter, (select count(*) from emails where email_list_id = $1 and valid)::int as valid from email_lists where id = $1`,
  [listId],
);
const expected = total - Math.ceil(Math.min(unsubscribers, total) / 2);
console.log(
  `upload of ${unsubscribers.toLocaleString('en')} unsubscribers into a ${total.toLocaleString('en')}-e-mail list: ${seconds.toFixed(2)} s (${outcome.status}, ${outcome.inserted} added); valid ${check[0]!.valid_counter} (count ${check[0]!.valid}, expected ${expected})`,
);
if (check[0]!.valid_counter !== check[0]!.valid || check[0]!.valid !== expected) throw new Error('counters wrong');

const t1 = performance.now();
const one = await app.inject({
  method: 'POST',
  url: '/api/unsubscribers',
  payload: { category: categoryId, email: `user2@example2.com` },
  headers: { authorization: `Bearer ${token}` },
});
if (one.statusCode !== 201) throw new Error(`single: ${one.statusCode} ${one.body}`);
console.log(`one unsubscriber (the form): ${(performance.now() - t1).toFixed(1)} ms`);

await stop();
await exit(0); // the loopback DNS server and the deadline end with it
