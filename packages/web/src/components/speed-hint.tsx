import { Form } from 'antd';
import { speedHint } from '@console/shared/relays';

/**
 * Under a relay speed field (a Form.Item's `extra`): what the speed typed in `name` means for a campaign
 * (issue 38: a first campaign at the spec's default of 60 s a message took hours and nothing said so), or
 * `fallback` while the field holds no usable speed.
 */
export function SpeedHint({ name, fallback }: { name: string; fallback?: string }) {
  const seconds: unknown = Form.useWatch(name);
  return <>{speedHint(seconds) ?? fallback}</>;
}
