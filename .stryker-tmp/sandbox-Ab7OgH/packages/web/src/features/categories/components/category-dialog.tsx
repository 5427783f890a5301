// @ts-nocheck
import { Form, Input, Modal, Typography } from 'antd';
import { categoryCreateSchema } from '@console/shared/categories';
import { iri } from '@console/shared/fields';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { toast } from '@/components/feedback.tsx';
import { zodRule } from '@/lib/form-rules.ts';
import { useCreateCategory, useUpdateCategory } from '../api/categories.ts';

/** What the dialog is for: a new root, a new child of `parent`, or renaming `category`. */
export type CategoryDialogMode =
  | { kind: 'create'; parent: { id: number; name: string } | null }
  | { kind: 'edit'; category: { id: number; name: string } };

export interface CategoryDialogProps {
  mode: CategoryDialogMode;
  open: boolean;
  onClose: () => void;
  /** After the close animation: the parent unmounts the dialog, so the next one starts clean. */
  afterClose: () => void;
}

interface Values {
  name: string;
}

const labels = { name: 'Name', parent: 'Parent' };

/**
 * Add and edit in one pop-up. The name must be non-empty before anything is sent (the shared schema's
 * message); what the server refuses (a sibling with that name, a vanished parent) shows in the dialog.
 */
export function CategoryDialog({ mode, open, onClose, afterClose }: CategoryDialogProps) {
  const [form] = Form.useForm<Values>();
  const create = useCreateCategory();
  const update = useUpdateCategory();
  const save = mode.kind === 'edit' ? update : create;

  const title =
    mode.kind === 'edit'
      ? `Edit Category #${mode.category.id}`
      : mode.parent
        ? 'Add Subcategory'
        : 'Create New Category';

  const submit = ({ name }: Values) => {
    const done = (message: string) => () => {
      toast.success(message);
      onClose();
    };
    if (mode.kind === 'edit') update.mutate({ id: mode.category.id, name }, { onSuccess: done('Updated!') });
    else
      create.mutate(
        { name, parent: mode.parent ? iri('categories', mode.parent.id) : null },
        { onSuccess: done('Added successfully!') },
      );
  };

  return (
    <Modal
      title={title}
      open={open}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      onCancel={onClose}
      afterClose={afterClose}
      destroyOnHidden
    >
      {mode.kind === 'create' && mode.parent && (
        <Typography.Paragraph type="secondary">
          Parent: <Typography.Text strong>{mode.parent.name}</Typography.Text>
        </Typography.Paragraph>
      )}
      <ValidationErrors error={save.error} labels={labels} />
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ name: mode.kind === 'edit' ? mode.category.name : '' }}
        onFinish={submit}
      >
        <Form.Item label="Name" name="name" rules={[zodRule(categoryCreateSchema, 'name')]}>
          <Input autoFocus autoComplete="off" maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
