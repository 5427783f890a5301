// @ts-nocheck
import net from 'node:net';

/**
 * A real SOCKS5 server (RFC 1928, CONNECT only; RFC 1929 username/password when `credentials` is set) on
 * loopback, for tests: the console talks to it over TCP exactly as to a proxy on the internet. It reports
 * its own address as BND.ADDR, and counts what it was asked.
 */
export interface Socks5Server {
  port: number;
  /** Destinations CONNECTed to, as host:port. */
  connects: string[];
  close: () => Promise<void>;
}

class Reader {
  private buf = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  private ended = false;
  constructor(socket: net.Socket) {
    socket.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      this.waiting?.();
    });
    socket.on('close', () => {
      this.ended = true;
      this.waiting?.();
    });
  }
  async take(n: number): Promise<Buffer> {
    while (this.buf.length < n) {
      if (this.ended) throw new Error('closed');
      await new Promise<void>((resolve) => (this.waiting = resolve));
      this.waiting = null;
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }
  /** Whatever arrived after the handshake, to hand on to the tunnel. */
  rest(): Buffer {
    const out = this.buf;
    this.buf = Buffer.alloc(0);
    return out;
  }
}

async function serve(
  socket: net.Socket,
  credentials: { login: string; password: string } | undefined,
  connects: string[],
) {
  const r = new Reader(socket);
  const [version, count] = await r.take(2);
  if (version !== 5) return socket.destroy();
  const methods = [...(await r.take(count!))];
  const method = credentials ? 0x02 : 0x00;
  if (!methods.includes(method)) return socket.end(Buffer.from([5, 0xff]));
  socket.write(Buffer.from([5, method]));
  if (credentials) {
    await r.take(1); // sub-negotiation version 1
    const login = (await r.take((await r.take(1))[0]!)).toString();
    const password = (await r.take((await r.take(1))[0]!)).toString();
    const ok = login === credentials.login && password === credentials.password;
    socket.write(Buffer.from([1, ok ? 0 : 1]));
    if (!ok) return socket.end();
  }
  const [, command, , type] = await r.take(4);
  const host =
    type === 1
      ? [...(await r.take(4))].join('.')
      : type === 3
        ? (await r.take((await r.take(1))[0]!)).toString()
        : (await r.take(16)).toString('hex').match(/.{4}/g)!.join(':');
  const port = (await r.take(2)).readUInt16BE(0);
  const reply = (code: number, bound = '0.0.0.0', boundPort = 0) =>
    Buffer.from([5, code, 0, 1, ...bound.split('.').map(Number), boundPort >> 8, boundPort & 255]);
  if (command !== 1) return socket.end(reply(7)); // command not supported
  connects.push(`${host}:${port}`);
  const upstream = net.connect({ host, port });
  upstream.once('error', () => socket.end(reply(5))); // connection refused
  upstream.once('connect', () => {
    upstream.removeAllListeners('error');
    socket.write(reply(0, upstream.localAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1', upstream.localPort ?? 0));
    const rest = r.rest();
    if (rest.length) upstream.write(rest);
    socket.pipe(upstream).pipe(socket);
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
}

export async function startSocks5Server(
  opts: { credentials?: { login: string; password: string } } = {},
): Promise<Socks5Server> {
  const connects: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    serve(socket, opts.credentials, connects).catch(() => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    connects,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A TCP listener that greets like an SMTP server: the check target of the tests. */
export async function startGreeter(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer((s) => {
    s.on('error', () => {});
    s.end('220 test.local ESMTP ready\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
