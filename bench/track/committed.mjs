/**
 * The second reference of bench/track (issue 42): the cheapest durable answer. A bare Node HTTP server, in a
 * process of its own, answering what the tracker answers (bare.mjs's GIF and 302) only after one row per
 * request is committed in PostgreSQL, through a group commit like the tracker's: one INSERT (a single
 * statement, so its own transaction, synchronous_commit as the server has it) in flight at a time, the
 * requests arriving meanwhile gathered for the next. The row is the request's path in an unindexed table:
 * no lookup, no counters, no rollup. `node committed.mjs <database url>`; prints its port as one JSON line;
 * ends on SIGTERM.
 */
import { Buffer } from 'node:buffer';
import http from 'node:http';
import process from 'node:process';
import pg from 'pg';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const NO_CACHE = {
  'cache-control': 'no-store, no-cache, must-revalidate, max-age=0',
  pragma: 'no-cache',
  expires: '0',
};

const db = new pg.Client({ connectionString: process.argv[2] });
await db.connect();
await db.query('create table if not exists reference_hits (at timestamptz not null default now(), path text not null)');

let pending = [];
let flushing = false;
async function flush() {
  flushing = true;
  while (pending.length) {
    const batch = pending;
    pending = [];
    await db.query({
      name: 'hits',
      text: 'insert into reference_hits (path) select unnest($1::text[])',
      values: [batch.map((b) => b.path)],
    });
    for (const b of batch) b.answer();
  }
  flushing = false;
}
function committed(path, answer) {
  pending.push({ path, answer });
  if (!flushing) flush().catch((e) => (process.stderr.write(`${e.stack}\n`), process.exit(1)));
}

const server = http.createServer((req, res) => {
  if (req.url.startsWith('/t/o/')) {
    return committed(req.url, () => {
      res.writeHead(200, { ...NO_CACHE, 'content-type': 'image/gif', 'content-length': PIXEL.length });
      res.end(PIXEL);
    });
  }
  if (req.url.startsWith('/t/c/')) {
    const uuid = req.url.split('/')[3];
    return committed(req.url, () => {
      res.writeHead(302, {
        ...NO_CACHE,
        location: `https://offer.example.com/?c=${uuid}&t=1-1&e=user%40example.com`,
        'content-length': 0,
      });
      res.end();
    });
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('Not found.');
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`));
process.on('SIGTERM', () => server.close(() => db.end().then(() => process.exit(0))) && server.closeAllConnections());
