import type { ReactNode } from 'react';
import { Button, Card, Form, type FormInstance } from 'antd';
import { ValidationErrors } from '@/components/validation-errors.tsx';

export interface ToolCardProps<V> {
  title: string;
  /** The submit button's text ('Decode', 'Encode', 'Get'). */
  action: string;
  form?: FormInstance<V>;
  onFinish: (values: V) => void;
  /** The form refused its values: the last answer goes (issue 38: an old UUID stayed under the error). */
  onInvalid?: () => void;
  pending: boolean;
  /** The failed call: the 'Validation Errors' card. */
  error: unknown;
  /** Field display names for the card's 'field: message' lines. */
  labels?: Record<string, string>;
  fields: ReactNode;
  /** The answer, under the form. */
  children?: ReactNode;
}

/** One tool form in a card: its fields, the spec's error card, the button, then what the call answered. */
export function ToolCard<V extends object>(p: ToolCardProps<V>) {
  return (
    <Card type="inner" title={p.title} style={{ height: '100%' }}>
      <Form<V>
        form={p.form}
        layout="vertical"
        noValidate
        onFinish={p.onFinish}
        onFinishFailed={p.onInvalid}
        aria-label={p.title}
      >
        <ValidationErrors error={p.error} labels={p.labels} />
        {p.fields}
        <Form.Item style={{ marginBottom: p.children ? 16 : 0 }}>
          <Button type="primary" htmlType="submit" loading={p.pending}>
            {p.action}
          </Button>
        </Form.Item>
      </Form>
      {p.children}
    </Card>
  );
}

/** A date of the API as the tools show it: UTC, `YYYY-MM-DD HH:mm:ss`. */
export const utc = (iso: string) => `${iso.slice(0, 19).replace('T', ' ')}`;
