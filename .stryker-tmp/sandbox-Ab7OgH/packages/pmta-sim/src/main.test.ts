// @ts-nocheck
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { inject } from './testing.ts';

describe('the simulator as its own process', () => {
  it('prints its ports as one JSON line and serves on them until SIGTERM', async () => {
    const data = mkdtempSync(join(tmpdir(), 'pmta-main-'));
    const child = spawn(
      process.execPath,
      [
        join(import.meta.dirname, 'main.ts'),
        '--data',
        data,
        '--smtp-port',
        '0',
        '--http-port',
        '0',
        '--ssh-port',
        '0',
        '--ssh-password',
        'secret',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const line = await new Promise<string>((ok, fail) => {
        createInterface({ input: child.stdout! }).once('line', ok);
        child.once('exit', (code) => fail(new Error(`exited ${code}`)));
      });
      const ports = JSON.parse(line) as {
        smtpPort: number;
        httpPort: number;
        sshPort: number;
        hostKeyFingerprint: string;
      };
      expect(ports).toMatchObject({
        smtpPort: expect.any(Number),
        httpPort: expect.any(Number),
        sshPort: expect.any(Number),
      });
      expect(ports.hostKeyFingerprint).toMatch(/^SHA256:/);
      await inject(ports.smtpPort, { to: 'a@example.com' });
      const res = await fetch(`http://127.0.0.1:${ports.httpPort}/status?format=xml`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<rcp>1</rcp>');
    } finally {
      const exited = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGTERM');
      await exited;
      rmSync(data, { recursive: true, force: true });
    }
  }, 30_000);
});
