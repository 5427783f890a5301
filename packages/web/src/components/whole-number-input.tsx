import { Input, type InputProps } from 'antd';

/**
 * A whole-number field (a port, a speed) that hands the form what was typed, so the shared schema answers
 * 'Port must be integer.' for letters (issue 38). antd's InputNumber drops text it cannot parse: the form
 * kept the old number and said nothing, or the range message.
 */
export function WholeNumberInput(props: InputProps) {
  return <Input inputMode="numeric" autoComplete="off" {...props} />;
}
