// @ts-nocheck
import { SocksClient } from 'socks';
import { OutboundRefusedError, type Connector } from '../../core/outbound.ts';

export interface CheckTarget {
  host: string;
  port: number;
  timeoutMs: number;
}

export interface CheckOutcome {
  result: boolean;
  msg: string;
  boundIp: string | null;
}

/**
 * The real health test of a SOCKS5 proxy: the handshake (username/password, RFC 1929, when a login is
 * set; otherwise no authentication), then a CONNECT through it to the check target. The proxy's answer to
 * the CONNECT names the address it bound for the connection (BND.ADDR): the IP the world sees.
 */
export async function checkSocks(
  proxy: { ip: string; port: number; login: string | null; password: string | null },
  target: CheckTarget,
  /** Opens the connection to the proxy through the outbound policy (core/outbound.ts). */
  connect: Connector,
): Promise<CheckOutcome> {
  try {
    const existing = await connect(proxy.ip, proxy.port, target.timeoutMs);
    const { socket, remoteHost } = await SocksClient.createConnection({
      existing_socket: existing,
      proxy: {
        host: proxy.ip,
        port: proxy.port,
        type: 5,
        ...(proxy.login ? { userId: proxy.login, password: proxy.password ?? '' } : {}),
      },
      command: 'connect',
      destination: { host: target.host, port: target.port },
      timeout: target.timeoutMs,
    });
    socket.destroy();
    const boundIp = remoteHost?.host && remoteHost.host !== '0.0.0.0' ? remoteHost.host : null;
    return {
      result: true,
      msg: `The proxy works: connected to ${target.host}:${target.port}${boundIp ? ` from ${boundIp}` : ''}.`,
      boundIp,
    };
  } catch (e) {
    if (e instanceof OutboundRefusedError) throw e;
    return { result: false, msg: `The proxy does not work: ${reasonOf(e)}`, boundIp: null };
  }
}

/** The socks library's words, made plain where they are cryptic. */
function reasonOf(e: unknown): string {
  const message = (e as Error).message ?? String(e);
  if (/ECONNREFUSED/.test(message)) return 'the proxy refused the connection.';
  if (/timed out|timeout/i.test(message)) return 'no answer in time.';
  if (/Authentication failed/i.test(message)) return 'the login or password was refused.';
  if (/authentication/i.test(message)) return 'the proxy asks for an authentication it was not given.';
  return message.endsWith('.') ? message : `${message}.`;
}
