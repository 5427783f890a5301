import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Harness } from './harness.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface SimProcess {
  smtpPort: number;
  httpPort: number;
  sshPort: number;
  /** The simulator's data directory (its /etc/pmta and /var/log/pmta). */
  root: string;
  /** Stops the process (SIGTERM), as a server going down. */
  stop: () => Promise<void>;
}

/**
 * The PowerMTA simulator as its own process on loopback, its SSH side trusting the console's key (read
 * from the console's API with `token`): the peer of the PMTA journeys.
 */
export async function startPmtaSim(h: Harness, token: string): Promise<SimProcess> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pmta-e2e-'));
  const { body } = await h.api<{ publicKey: string }>('/pmta/ssh-public-key', { token });
  const keys = path.join(root, 'authorized_keys');
  fs.writeFileSync(keys, body.publicKey + '\n');
  const data = path.join(root, 'data');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'packages/pmta-sim/src/main.ts',
      '--data',
      data,
      '--ssh-port',
      '0',
      '--ssh-authorized-keys',
      keys,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const first = await new Promise<string>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the simulator exited with ${code}`)));
  });
  const ready = JSON.parse(first) as { smtpPort: number; httpPort: number; sshPort: number };
  return {
    ...ready,
    root: data,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
