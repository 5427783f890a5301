import { describe, expect, it } from 'vitest';
import { Outage, STILL_MS } from './outage.ts';

/** While the database is away the sender fails every 250 ms: the log says so once, then every 30 s, then once back. */
describe('the outage log', () => {
  const setup = () => {
    let now = 1_000_000;
    const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
    const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
      lines.push({ level, fields, message });
    const log = { error: at('error'), warn: at('warn'), info: at('info') };
    const outage = new Outage(log as never, 'sending', () => now);
    return { outage, lines, tick: (ms: number) => (now += ms) };
  };
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

  it('logs the beginning once with the error, at most every 30 s while it lasts, and the end with its duration', () => {
    const { outage, lines, tick } = setup();
    outage.answered(); // nothing to say while the database answers
    expect(lines).toEqual([]);

    // 70 s of polls every 250 ms, all failing.
    for (let ms = 0; ms < 70_000; ms += 250) {
      outage.failed(refused);
      tick(250);
    }
    expect(lines.map((l) => l.level)).toEqual(['error', 'warn', 'warn']);
    expect(lines[0]).toMatchObject({
      message: 'database failing: sending waits for it',
      fields: { err: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' } },
    });
    expect(lines[1]).toMatchObject({
      message: 'database still failing: sending still waiting',
      fields: { downMs: STILL_MS },
    });
    expect(lines[2]!.fields.downMs).toBe(2 * STILL_MS);
    expect(outage.down).toBe(true);

    outage.answered();
    outage.answered();
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatchObject({
      level: 'info',
      message: 'database back after 70.0 s: sending resumes',
      fields: { downMs: 70_000 },
    });
    expect(outage.down).toBe(false);

    // The next outage is told again from its beginning.
    outage.failed(refused);
    expect(lines).toHaveLength(5);
    expect(lines[4]!.level).toBe('error');
  });
});
