import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// The simulator's own parser (packages/pmta-sim), by path: the server does not depend on the simulator.
import { parseConfig } from '../../../../pmta-sim/src/config/parse.ts';
import { settingsFor } from '../../../../pmta-sim/src/config/settings.ts';
import { goldenData } from './fixture.test-data.ts';
import { CONFIG_PATH, appliedConfigPath, dkimKeyPath, generateConfig } from './generate.ts';

describe('the PowerMTA simulator', () => {
  it('accepts the golden configuration and reads the switches, speeds and pools from it', () => {
    const text = generateConfig(goldenData());
    expect(text).toBe(fs.readFileSync(new URL('./__golden__/server.conf', import.meta.url), 'utf8'));
    const key = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs1', format: 'pem' });
    const files: Record<string, string> = {
      [CONFIG_PATH]: text,
      [dkimKeyPath({ id: 11 })]: String(key),
      [appliedConfigPath({ id: 2 })]: '<domain hotmail.com>\n  max-msg-rate 50/h\n</domain>\n',
      [appliedConfigPath({ id: 5 })]: '<domain aol.com>\n  max-msg-rate 7/h\n</domain>\n',
    };
    const config = parseConfig(CONFIG_PATH, { readFile: (p) => files[p] });
    expect([...config.pools]).toEqual([
      ['group-7', ['vmta-11', 'vmta-12']],
      ['group-9', ['vmta-14']],
    ]);
    expect(config.vmtas.get('vmta-11')?.domainKeys).toEqual([
      { selector: 's1', domain: 'example.com', path: '/etc/pmta/dkim/vmta-11.pem' },
    ]);
    // Yahoo is off on vmta-12 only; vmta-11 keeps its own pace on Gmail, slower than the setting's 500/h.
    expect(settingsFor(config, 'yahoo.com', 'vmta-12')).toMatchObject({ maxMsgRate: 0, backoffMaxMsgRate: 0 });
    expect(settingsFor(config, 'yahoo.com', 'vmta-11').maxMsgRate).toBeCloseTo(1 / 60);
    expect(settingsFor(config, 'gmail.com', 'vmta-12').maxMsgRate).toBeCloseTo(500 / 3600);
    expect(settingsFor(config, 'gmail.com', 'vmta-11')).toMatchObject({
      maxMsgRate: 1 / 60,
      backoffMaxMsgRate: 1 / 600,
    });
    expect(settingsFor(config, 'example.org', 'vmta-14').texts['retry-after']).toBe('10m,20m,1h');
    // A write-mode speed (Gmail, 200/h on vmta-14); the applied configs, the server's and the relay's own.
    expect(settingsFor(config, 'gmail.com', 'vmta-14').maxMsgRate).toBeCloseTo(200 / 3600);
    expect(settingsFor(config, 'hotmail.com', 'vmta-11').maxMsgRate).toBeCloseTo(50 / 3600);
    expect(settingsFor(config, 'aol.com', 'vmta-14').maxMsgRate).toBeCloseTo(7 / 3600);
    expect(settingsFor(config, 'aol.com', 'vmta-11').maxMsgRate).toBeCloseTo(1 / 60); // its own '*' pace
  });
});
