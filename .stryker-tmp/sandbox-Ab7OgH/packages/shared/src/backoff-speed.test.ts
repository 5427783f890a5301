// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { pmtaRelayUpdateSchema } from './pmta-relays.ts';
import { pmtaServerSchema } from './pmta-servers.ts';
import { smtpRelayUpdateSchema } from './smtp-relays.ts';
import { smtpServerSchema } from './smtp-servers.ts';

/** Issue 23: a backoff speed never sends faster than the normal one, on every form that has both. */
const issues = (
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  v: object,
  field: string,
) => (schema.safeParse(v).error?.issues ?? []).filter((i) => i.path.join('.') === field).map((i) => i.message);

describe('backoff speed', () => {
  const relay = { normalSpeed: 10, backoffSpeed: 0 };
  const server = { relayNormalSpeed: 10, relayBackoffSpeed: 0 };
  it.each([
    [
      'SMTP relay',
      smtpRelayUpdateSchema,
      'backoffSpeed',
      relay,
      { group: 1, smtpServer: 1, senderEmail: 'a@b.co', account: 'a', active: true },
    ],
    [
      'PMTA relay',
      pmtaRelayUpdateSchema,
      'backoffSpeed',
      relay,
      { group: 1, ip: '10.0.0.1', senderEmail: 'a@b.co', active: true },
    ],
    ['SMTP server', smtpServerSchema, 'relayBackoffSpeed', server, { name: 'x', host: 'h', port: 25, tls: false }],
    [
      'PMTA server',
      pmtaServerSchema,
      'relayBackoffSpeed',
      server,
      {
        name: 'x',
        serverIp: '10.0.0.1',
        pmtaHttpPort: 8080,
        sshPort: 22,
        smtpPort: 25,
        serverUsername: 'root',
        ipList: '10.0.0.1',
      },
    ],
  ] as const)(
    '%s: below normal (0 included) is refused, equal or above or all 0 is fine',
    (_, schema, field, speeds, rest) => {
      const [normal, backoff] = Object.keys(speeds) as [string, string];
      const at = (n: number, b: number) => issues(schema, { ...rest, [normal]: n, [backoff]: b }, field);
      expect(at(10, 0)).toEqual([expect.stringMatching(/must be at least .*Normal .*speed/i)]);
      expect(at(10, 9)).toHaveLength(1);
      expect(at(10, 10)).toEqual([]);
      expect(at(10, 600)).toEqual([]);
      expect(at(0, 0)).toEqual([]);
      expect(at(0, 5)).toEqual([]);
    },
  );
});
