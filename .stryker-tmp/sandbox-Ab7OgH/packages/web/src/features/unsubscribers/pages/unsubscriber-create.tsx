// @ts-nocheck
import { useState } from 'react';
import { Button, Col, Form, Input, Row, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { UnsubscriberMessages as M, unsubscriberSchema } from '@console/shared/unsubscribers';
import { UploadKinds } from '@console/shared/uploads';
import { CategorySelect } from '@/components/category-select.tsx';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { FileUploadsCard } from '@/components/file-uploads.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { unsubscribersKey, useAddUnsubscriber } from '../api/unsubscribers.ts';

interface Values {
  category?: number;
  email: string;
}
const rule = (field: keyof Values) => [zodRule(unsubscriberSchema, field)];

/** Add Unsubscribers: a category, then one address (Save) or a txt/csv file (processed in the background). */
export function UnsubscriberCreate() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const add = useAddUnsubscriber();
  const [form] = Form.useForm<Values>();
  const [category, setCategory] = useState<number>();

  const submit = (v: Values) => {
    if (!v.email) {
      form.setFields([{ name: 'email', errors: [M.emailOrFile] }]);
      return;
    }
    add.mutate(
      { category: v.category!, email: v.email },
      {
        onSuccess: () => {
          toast.success(M.added);
          navigate(href('unsubscribers'));
        },
      },
    );
  };

  return (
    <EditPage
      routeId={undefined}
      title="Add Unsubscribers"
      back={{ label: 'Back to unsubscribers', to: href('unsubscribers') }}
      loading={false}
    >
      <Row gutter={24}>
        <Col xs={24} xl={12}>
          <Form<Values>
            form={form}
            layout="vertical"
            noValidate
            initialValues={{ email: '' }}
            onFinish={submit}
            onValuesChange={(changed: Partial<Values>) => 'category' in changed && setCategory(changed.category)}
          >
            <ValidationErrors error={add.error} labels={{ category: 'Category', email: 'Email' }} />
            <Form.Item
              label="Category"
              name="category"
              rules={rule('category')}
              extra="Every list of this category counts the addresses invalid."
            >
              <CategorySelect style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item label="Email" name="email" rules={rule('email')}>
              <Input autoComplete="off" placeholder="someone@example.com" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={add.isPending}>
              Save
            </Button>
          </Form>
        </Col>
        <Col xs={24} xl={12}>
          <FileUploadsCard
            kind={UploadKinds.unsubscribers}
            title="Or upload a file"
            action="/unsubscribers"
            fileField="file"
            accept=".csv,.txt,text/csv,text/plain"
            data={{ data: category === undefined ? undefined : JSON.stringify({ category }) }}
            disabledReason={category === undefined ? 'Choose the category first.' : undefined}
            fieldLabels={{ file: 'File', category: 'Category', data: 'Data' }}
            doneText={(name, n) => `File ${name} is processed! Added ${n} unsubscribers.`}
            onFinished={() => {
              void client.invalidateQueries({ queryKey: unsubscribersKey });
              void client.invalidateQueries({ queryKey: ['email_lists'] });
            }}
            hint={
              <Typography.Text type="secondary">
                A txt or csv file: one address per line, or a header row with an{' '}
                <Typography.Text code>email</Typography.Text> column. Any invalid address stops the whole file.
              </Typography.Text>
            }
          />
        </Col>
      </Row>
    </EditPage>
  );
}
