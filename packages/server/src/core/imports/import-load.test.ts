import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';

/**
 * Issue 37's "How it is shown" (decision 1310): a real server process (ROLE=all) takes a large socks
 * list (ROWS lines of ip:port:login:password with 100-character passwords, about 60 MB: every password
 * sealed) while this test asks /t/ping and a signed-in /api/profile all along and reads the server's own
 * event-loop delay from /metrics (prom-client's monitorEventLoopDelay, reset at each scrape). The
 * assertion is about the event loop, not the machine: no stall of 100 ms or more while the file is stored
 * and imported. The requests' p99 is printed. Then a SIGTERM in the middle of an import: the process is
 * gone within 10 s and the import, given back, is finished by the next start.
 */
const ROWS = 400_000;
const MAIN = fileURLToPath(new URL('../../main.ts', import.meta.url));

let t: TestApp;
let user: TestUser;
let dir: string;
let server: ChildProcess | undefined;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** `rows` unique socks lines (first octet `net`), with a header: ip:port:login:password. */
function socksFile(file: string, rows: number, first: number) {
  const fd = fs.openSync(file, 'w');
  const pad = 'p'.repeat(90);
  let chunk = 'ip:port:login:password\n';
  for (let i = 0; i < rows; i++) {
    chunk += `${first}.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}:1080:login${i}:${pad}${i.toString().padStart(10, '0')}\n`;
    if (chunk.length > 1 << 20) {
      fs.writeSync(fd, chunk);
      chunk = '';
    }
  }
  fs.writeSync(fd, chunk);
  fs.closeSync(fd);
}

interface Running {
  proc: ChildProcess;
  base: string;
  metrics: string;
  output: string[];
}

async function startServer(): Promise<Running> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const output: string[] = [];
  const proc = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: t.ctx.databaseUrl,
      APP_SECRET: t.ctx.env.APP_SECRET!,
      DATA_DIR: t.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'warn',
      ROLE: 'all',
      // Only the imports: nothing else of the console's background work joins the measurement.
      JOBS: 'socks.import,imports.*',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'admin-password-1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  proc.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  server = proc;
  const base = `http://127.0.0.1:${port}`;
  await eventually(async () => (await fetch(`${base}/t/ping`).catch(() => undefined))?.ok, 60_000).catch(() => {
    throw new Error(`the server did not start: ${output.join('')}`);
  });
  return { proc, base, metrics: `http://127.0.0.1:${metricsPort}/metrics`, output };
}

const exited = (proc: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (proc.exitCode !== null) resolve(proc.exitCode);
    else proc.once('exit', (code) => resolve(code));
  });

/** POSTs the file the way a browser's form does (streamed from disk). */
async function upload(base: string, file: string) {
  const form = new FormData();
  form.append('socksProxies', await fs.openAsBlob(file, { type: 'text/csv' }), 'socks.csv');
  const res = await fetch(`${base}/api/add-socks-proxies`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

const status = async (id: number) =>
  (
    await t.ctx.db.$client.query<{ status: string; completion: number; inserted: number | null; error: string | null }>(
      'select status, completion, inserted, error from uploads where id = $1',
      [id],
    )
  ).rows[0]!;

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? 0;

/** Asks /t/ping and /api/profile back to back and scrapes the event-loop delay, until `stop()`. */
function watch(s: Running) {
  const ping: number[] = [];
  const profile: number[] = [];
  const loopMax: number[] = [];
  const blockMax: number[] = [];
  let on = true;
  const timed = async (into: number[], url: string, init?: RequestInit) => {
    const started = performance.now();
    const res = await fetch(url, init);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    into.push(performance.now() - started);
  };
  const requests = (async () => {
    while (on) {
      await Promise.all([
        timed(ping, `${s.base}/t/ping`),
        timed(profile, `${s.base}/api/profile`, { headers: { authorization: `Bearer ${user.token}` } }),
      ]);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const scrapes = (async () => {
    await fetch(s.metrics); // what the start did is not the import's
    while (on) {
      const text = await (await fetch(s.metrics)).text();
      const max = /^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1];
      if (max !== undefined) loopMax.push(Number(max) * 1000);
      const block = /^console_main_thread_block_max_seconds (\S+)$/m.exec(text)?.[1];
      if (block !== undefined) blockMax.push(Number(block) * 1000);
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  return {
    async stop() {
      on = false;
      await Promise.all([requests, scrapes]);
      return { ping, profile, loopMax, blockMax };
    },
  };
}

beforeAll(async () => {
  // This process works no job: the server process alone runs the imports.
  t = await createTestApp({ env: { JOBS: 'none' } });
  user = await t.user();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'socks-load-'));
  socksFile(path.join(dir, 'a.csv'), ROWS, 10);
  socksFile(path.join(dir, 'b.csv'), ROWS, 11);
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGKILL');
    await exited(server);
  }
  fs.rmSync(dir, { recursive: true, force: true });
  await t?.close();
});

describe('a large upload stalls nobody (issue 37)', () => {
  it(`${ROWS} socks (~60 MB): the API and the tracker answer all along; the event loop never blocks 100 ms`, async () => {
    const s = await startServer();
    const w = watch(s);
    await new Promise((r) => setTimeout(r, 1_000)); // a baseline before the upload
    const id = await upload(s.base, path.join(dir, 'a.csv'));
    const done = await eventually(async () => {
      const row = await status(id);
      return ['done', 'failed'].includes(row.status) ? row : undefined;
    }, 150_000);
    const m = await w.stop();
    console.log(
      `socks import of ${ROWS} rows: ${m.ping.length} pings p99 ${p99(m.ping).toFixed(1)} ms, ` +
        `${m.profile.length} profiles p99 ${p99(m.profile).toFixed(1)} ms, ` +
        `event-loop delay max ${Math.max(...m.loopMax).toFixed(1)} ms, ` +
        `main thread's longest run ${Math.max(...m.blockMax).toFixed(1)} ms CPU over ${m.blockMax.length} scrapes`,
    );
    expect(done).toMatchObject({ status: 'done', inserted: ROWS, error: null });
    // The event loop itself: the main thread never ran 100 ms on end (the delay also counts waits for a core).
    expect(m.blockMax.length).toBeGreaterThan(3);
    expect(Math.max(...m.blockMax)).toBeLessThan(100);
    s.proc.kill('SIGTERM');
    await exited(s.proc);
  }, 240_000);

  it('a SIGTERM while a file is still being sent stops the process within 10 s, storing nothing', async () => {
    const s = await startServer();
    const url = new URL(`${s.base}/api/add-socks-proxies`);
    const boundary = '----sigterm';
    // A client that sends the start of a large file, then nothing more (a slow line, a 2 GB upload).
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(2 * 1024 ** 3),
      },
    });
    req.on('error', () => {}); // cut by the server, as intended
    req.write(
      `--${boundary}\r\ncontent-disposition: form-data; name="socksProxies"; filename="big.csv"\r\n` +
        `content-type: text/csv\r\n\r\nip:port\r\n${'10.1.1.1:1080\r\n'.repeat(60_000)}`,
    );
    const folder = path.join(t.dataDir, 'uploads', 'socks');
    await eventually(async () => fs.existsSync(folder) && fs.readdirSync(folder).length > 0, 30_000);
    const started = performance.now();
    s.proc.kill('SIGTERM');
    await exited(s.proc);
    expect(performance.now() - started, s.output.join('')).toBeLessThan(10_000);
    req.destroy();
    expect(fs.readdirSync(folder)).toEqual([]); // the partial file went with the request
  }, 120_000);

  it('a SIGTERM during an import stops the process within 10 s; the next start finishes the import', async () => {
    const s = await startServer();
    const id = await upload(s.base, path.join(dir, 'b.csv'));
    await eventually(async () => {
      const row = await status(id);
      return row.status === 'processing' && row.completion > 0;
    }, 60_000);
    const started = performance.now();
    s.proc.kill('SIGTERM');
    const code = await exited(s.proc);
    const took = performance.now() - started;
    expect(took, s.output.join('')).toBeLessThan(10_000);
    expect(code).toBe(0);
    expect((await status(id)).status).toBe('queued'); // given back, not failed

    const again = await startServer();
    const done = await eventually(async () => {
      const row = await status(id);
      return ['done', 'failed'].includes(row.status) ? row : undefined;
    }, 150_000);
    expect(done).toMatchObject({ status: 'done', inserted: ROWS, error: null });
    again.proc.kill('SIGTERM');
    await exited(again.proc);
  }, 300_000);
});
