// @ts-nocheck
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startPmtaSim } from './sim.ts';
import { startSshServer, type SshServer } from './ssh.ts';

/*
 * The simulator as its own process, for tests, benchmarks and the demo:
 *   node packages/pmta-sim/src/main.ts --data DIR --smtp-port N --http-port N [--ssh-port N]
 *     [--config FILE] [--outcomes FILE.json] [--downstream host:port] [--time-scale X]
 *     [--ssh-user NAME] [--ssh-password P] [--ssh-authorized-keys FILE] [--ssh-host-key FILE]
 * Prints one JSON line when ready: {"smtpPort":..,"httpPort":..,"sshPort":..,"hostKeyFingerprint":..}.
 * Ports 0 = any free port. SIGTERM or SIGINT stops it.
 */

const { values: a } = parseArgs({
  options: {
    data: { type: 'string' },
    config: { type: 'string' },
    'smtp-port': { type: 'string', default: '0' },
    'http-port': { type: 'string', default: '0' },
    'ssh-port': { type: 'string' },
    outcomes: { type: 'string' },
    downstream: { type: 'string' },
    'time-scale': { type: 'string', default: '1' },
    'ssh-user': { type: 'string', default: 'root' },
    'ssh-password': { type: 'string' },
    'ssh-authorized-keys': { type: 'string' },
    'ssh-host-key': { type: 'string' },
  },
});
if (!a.data) {
  process.stderr.write('usage: main.ts --data DIR [--smtp-port N] [--http-port N] [--ssh-port N] ...\n');
  process.exit(2);
}
const [host, port] = a.downstream?.split(':') ?? [];

const sim = await startPmtaSim({
  dataDir: a.data,
  config: a.config === undefined ? undefined : readFileSync(a.config, 'utf8'),
  smtpPort: Number(a['smtp-port']),
  httpPort: Number(a['http-port']),
  timeScale: Number(a['time-scale']),
  outcomes: a.outcomes === undefined ? undefined : JSON.parse(readFileSync(a.outcomes, 'utf8')),
  downstream: host && port ? { host, port: Number(port) } : undefined,
});

// ---- SSH hook: ssh.ts (the SSH/SFTP side, another module) is started here when --ssh-port is given. ----
let ssh: SshServer | undefined;
if (a['ssh-port'] !== undefined) {
  ssh = await startSshServer(sim, {
    port: Number(a['ssh-port']),
    hostKey: a['ssh-host-key'] === undefined ? undefined : readFileSync(a['ssh-host-key'], 'utf8'),
    users: [
      {
        username: a['ssh-user']!,
        password: a['ssh-password'],
        publicKeys:
          a['ssh-authorized-keys'] === undefined
            ? undefined
            : readFileSync(a['ssh-authorized-keys'], 'utf8')
                .split('\n')
                .filter((l) => l.trim() && !l.startsWith('#')),
      },
    ],
  });
}
// ---- end of the SSH hook ----

process.stdout.write(
  JSON.stringify({
    smtpPort: sim.smtpPort,
    httpPort: sim.httpPort,
    sshPort: ssh?.port,
    hostKeyFingerprint: ssh?.hostKeyFingerprint,
  }) + '\n',
);

const shutdown = async () => {
  await ssh?.close();
  await sim.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
