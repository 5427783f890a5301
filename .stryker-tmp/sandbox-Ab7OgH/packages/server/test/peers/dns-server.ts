// @ts-nocheck
import dns2 from 'dns2';

const { Packet, UDPServer } = dns2;

/** What the test server answers: A records (blocklist zones), MX and TXT records, by exact name. */
export interface DnsZoneData {
  a?: Record<string, string[]>;
  mx?: Record<string, { exchange: string; priority: number }[]>;
  /** TXT records (a DKIM key's): each record's text, cut into 255-octet character-strings on the wire. */
  txt?: Record<string, string[]>;
  /** Names answered with SERVFAIL (a resolver that fails). */
  fail?: string[];
  ttl?: number;
}

/**
 * A real DNS server on loopback (UDP) for tests: the console's resolver is pointed at it through the
 * DNS_SERVERS setting. Unknown names are NXDOMAIN; the answers can be changed while it runs.
 */
export async function startDnsServer(data: DnsZoneData = {}) {
  let zone = data;
  const queries: string[] = [];
  const server = new UDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [q] = request.questions;
    if (!q) return send(response);
    const name = q.name.toLowerCase();
    queries.push(`${q.type === Packet.TYPE.MX ? 'MX' : q.type === Packet.TYPE.TXT ? 'TXT' : 'A'} ${name}`);
    const ttl = zone.ttl ?? 300;
    if (zone.fail?.includes(name)) {
      response.header.rcode = Packet.RCODE.SERVFAIL;
      return send(response);
    }
    const a = zone.a?.[name];
    const mx = zone.mx?.[name];
    const txt = zone.txt?.[name];
    if (q.type === Packet.TYPE.A && a)
      for (const address of a) response.answers.push(Packet.createResourceFromQuestion(q, { ttl, address }));
    else if (q.type === Packet.TYPE.MX && mx)
      for (const r of mx) response.answers.push(Packet.createResourceFromQuestion(q, { ttl, ...r }));
    else if (q.type === Packet.TYPE.TXT && txt)
      for (const text of txt)
        response.answers.push(Packet.createResourceFromQuestion(q, { ttl, data: text.match(/[^]{1,255}/g) ?? [''] }));
    else if (!a && !mx && !txt) response.header.rcode = Packet.RCODE.NXDOMAIN;
    send(response);
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address();
  return {
    port,
    /** The DNS_SERVERS value that points a resolver here. */
    servers: `127.0.0.1:${port}`,
    queries,
    set(next: DnsZoneData) {
      zone = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
