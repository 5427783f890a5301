// @ts-nocheck
import { useEffect, type ReactNode } from 'react';
import { Button, Flex, Form, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { Filters } from '@/hooks/use-collection-params.ts';

export interface FilterBarProps {
  /** The filters now in force (`useCollectionParams().filters`). */
  values: Filters;
  /** Called with every field's value when Search is pressed (`useCollectionParams().setFilters`). */
  onSearch: (values: Filters) => void;
  /** The filter fields: `<Form.Item name="username"><Input /></Form.Item>`, `<OwnerFilter />`, ... */
  children: ReactNode;
  /** Actions on the right, e.g. a 'Create User' button. */
  extra?: ReactNode;
}

/** A row of filters with a Search button; field names are the API's filter keys. */
export function FilterBar({ values, onSearch, children, extra }: FilterBarProps) {
  const [form] = Form.useForm<Filters>();

  // Back/forward and links change the filters without this form: show what is in force.
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(values);
  }, [form, values]);

  return (
    <Flex justify="space-between" align="start" wrap gap={8} style={{ marginBottom: 16 }}>
      <Form form={form} layout="inline" noValidate initialValues={values} onFinish={onSearch} style={{ rowGap: 8 }}>
        {children}
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            Search
          </Button>
        </Form.Item>
      </Form>
      {extra}
    </Flex>
  );
}

export interface SelectFilterProps {
  /** The API's filter key, e.g. 'group.id'. */
  name: string;
  /** Placeholder and accessible name, e.g. 'Group'. */
  label: string;
  /** `useSelectOptions(...).data`. */
  options?: { value: number; label: string }[];
  /** Fixed by the route (by_server, by_group): shown, not changeable. */
  fixed?: boolean;
}

/** A searchable reference filter of a FilterBar (group, server...). */
export function SelectFilter({ name, label, options, fixed }: SelectFilterProps) {
  return (
    <Form.Item name={name}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={label}
        aria-label={label}
        options={options}
        disabled={fixed}
        style={{ minWidth: 160 }}
      />
    </Form.Item>
  );
}
