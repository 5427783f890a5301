// @ts-nocheck
import { describe, expect, it } from 'vitest';
import type { FormInstance } from 'antd';
import { SocksMessages, socksSchema } from '@console/shared/socks-proxies';
import { zodRule } from './form-rules.ts';

/** Runs an antd rule made by zodRule on the form's values, as antd does. */
async function check(field: string, values: Record<string, unknown>): Promise<string | undefined> {
  const rule = zodRule(socksSchema, field);
  const made = typeof rule === 'function' ? rule({ getFieldsValue: () => values } as unknown as FormInstance) : rule;
  try {
    await made.validator?.({} as never, values[field], () => {});
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('zodRule: the forms say what the API says', () => {
  it("reports the shared schema's message for its own field only", async () => {
    const values = { ip: 'not an ip', port: 99999 };
    expect(await check('ip', values)).toBe(SocksMessages.ipInvalid);
    expect(await check('port', values)).toBe(SocksMessages.portRange);
  });

  it('passes a field the schema accepts, whatever the others hold', async () => {
    expect(await check('ip', { ip: '198.51.100.7', port: 'x' })).toBeUndefined();
  });
});
