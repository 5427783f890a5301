// @ts-nocheck
import { Button, Form, Input, Select } from 'antd';
import { emailListSchema, type EmailList } from '@console/shared/email-lists';
import { useUserOptions } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { CategorySelect } from '@/components/category-select.tsx';

export interface EmailListFormValues {
  name: string;
  category?: number;
  users?: number[];
}

export interface EmailListFormProps {
  /** The list being managed; none when creating (the users select shows only when editing). */
  list?: EmailList;
  onSubmit: (values: EmailListFormValues) => void;
  submitting: boolean;
  error: unknown;
}

const labels = { name: 'Name', category: 'Category', users: 'Users' };
const rule = (field: keyof EmailListFormValues) => [zodRule(emailListSchema, field)];

/** Name, category and, when editing, the users the list is assigned to. */
export function EmailListForm({ list, onSubmit, submitting, error }: EmailListFormProps) {
  const users = useUserOptions(Boolean(list));
  const initial: EmailListFormValues = list
    ? { name: list.name, category: list.category.id, users: list.users.map((u) => u.id) }
    : { name: '' };

  return (
    <Form<EmailListFormValues> layout="vertical" noValidate initialValues={initial} onFinish={onSubmit}>
      <ValidationErrors error={error} labels={labels} />
      <Form.Item label="Name" name="name" rules={rule('name')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Category" name="category" rules={rule('category')}>
        <CategorySelect />
      </Form.Item>
      {list && (
        <Form.Item label="Users" name="users" extra="Users who may use this list besides its owner.">
          <Select
            mode="multiple"
            options={users.data?.filter((u) => u.value !== list.user.id)}
            loading={users.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Nobody else"
            aria-label="Users"
            allowClear
          />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={submitting}>
        Save
      </Button>
    </Form>
  );
}
