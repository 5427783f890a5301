/**
 * The reference of bench/track: a bare Node HTTP server, in a process of its own, answering what the
 * tracker answers (the same 43-byte GIF with the same no-cache headers for `/t/o/...`, a 302 to an offer
 * URL for `/t/c/...`) with no database and no framework: the ceiling of Node's HTTP on this machine with
 * the same load tool. Prints its port as one JSON line; ends on SIGTERM.
 */
// @ts-nocheck

import { Buffer } from 'node:buffer';
import http from 'node:http';
import process from 'node:process';

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const NO_CACHE = {
  'cache-control': 'no-store, no-cache, must-revalidate, max-age=0',
  pragma: 'no-cache',
  expires: '0',
};
const server = http.createServer((req, res) => {
  if (req.url.startsWith('/t/o/')) {
    res.writeHead(200, { ...NO_CACHE, 'content-type': 'image/gif', 'content-length': PIXEL.length });
    return res.end(PIXEL);
  }
  if (req.url.startsWith('/t/c/')) {
    const uuid = req.url.split('/')[3];
    res.writeHead(302, {
      ...NO_CACHE,
      location: `https://offer.example.com/?c=${uuid}&t=1-1&e=user%40example.com`,
      'content-length': 0,
    });
    return res.end();
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('Not found.');
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)) && server.closeAllConnections());
