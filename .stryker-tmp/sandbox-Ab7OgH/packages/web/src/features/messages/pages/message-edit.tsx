// @ts-nocheck
import { useRef, useState } from 'react';
import { Alert, Button, Col, Form, Input, Row, Space, type InputRef } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { EyeOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { EMPTY_HTML_DOCUMENT, MESSAGE_TEXT_MAX, messageSchema, TEXT_VERSION_HELP } from '@console/shared/messages';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';
import { previewMessage, useMessage, useSaveMessage } from '../api/messages.ts';
import { MacroPanel } from '../components/macro-panel.tsx';
import { showPreview } from '@/components/preview-window.ts';

interface Values {
  name: string;
  subject: string;
  htmlContent: string;
  textContent?: string | null;
  user?: number;
}
type TextField = 'subject' | 'htmlContent';
const labels = {
  name: 'Message Name',
  subject: 'Message Subject',
  htmlContent: 'Message HTML Content',
  textContent: 'Text version',
  user: 'Owner',
};
const rule = (field: keyof Values) => [zodRule(messageSchema, field)];

/** Create and edit a message: name, subject, HTML; the side panel inserts tags where the cursor was. */
export function MessageEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const navigate = useNavigate();
  const message = useMessage(id);
  const save = useSaveMessage();
  const [form] = Form.useForm<Values>();
  const [unresolved, setUnresolved] = useState<string[]>([]);
  const archived = Boolean(message.data?.archive);
  const owner = Form.useWatch('user', form) ?? message.data?.user.id ?? session?.claims.id;

  // Where a picked tag goes: the subject or the content, whichever had the focus last.
  const lastFocused = useRef<TextField>('htmlContent');
  const subjectRef = useRef<InputRef>(null);
  const contentRef = useRef<TextAreaRef>(null);
  const insert = (text: string) => {
    const field = lastFocused.current;
    const el = field === 'subject' ? subjectRef.current?.input : contentRef.current?.resizableTextArea?.textArea;
    const value = String(form.getFieldValue(field) ?? '');
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? start;
    form.setFieldValue(field, value.slice(0, start) + text + value.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + text.length, start + text.length);
    });
  };

  const submit = (v: Values) =>
    save.mutate(
      {
        id,
        body: {
          name: v.name,
          subject: v.subject,
          htmlContent: v.htmlContent,
          textContent: v.textContent ?? null,
          ...(isAdmin && v.user ? { user: v.user } : {}),
        },
      },
      {
        onSuccess: () => {
          toast.success(id ? 'Updated!' : 'Added successfully!');
          navigate(href('messages'));
        },
      },
    );
  const preview = () => {
    const v = form.getFieldsValue(true) as Values;
    void showPreview(() =>
      previewMessage({
        id,
        name: v.name,
        subject: v.subject,
        content: v.htmlContent,
        text: v.textContent ?? '',
      }),
    ).then((answer) => answer && setUnresolved(answer.unresolved));
  };

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit Message #${id}` : 'Create Message'}
      back={{ label: 'Back to messages', to: href('messages') }}
      loading={Boolean(id) && !message.data}
    >
      {archived && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="This message is archived: it is read-only."
        />
      )}
      <Row gutter={24}>
        <Col xs={24} xl={16}>
          <Form<Values>
            form={form}
            key={id ?? 'new'}
            layout="vertical"
            noValidate
            disabled={archived}
            initialValues={
              message.data
                ? { ...message.data, textContent: message.data.textContent ?? '', user: message.data.user.id }
                : {
                    name: '',
                    subject: '',
                    htmlContent: EMPTY_HTML_DOCUMENT,
                    textContent: '',
                    user: session?.claims.id,
                  }
            }
            onFinish={submit}
          >
            <ValidationErrors error={save.error} labels={labels} />
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item label={labels.name} name="name" rules={rule('name')}>
                  <Input autoComplete="off" maxLength={100} showCount />
                </Form.Item>
              </Col>
              {isAdmin && (
                <Col xs={24} md={12}>
                  <Form.Item label={labels.user} name="user">
                    <OwnerSelect allowClear={false} aria-label="Owner" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
              )}
            </Row>
            <Form.Item label={labels.subject} name="subject" rules={rule('subject')}>
              <Input
                ref={subjectRef}
                autoComplete="off"
                maxLength={100}
                showCount
                onFocus={() => (lastFocused.current = 'subject')}
              />
            </Form.Item>
            <Form.Item label={labels.htmlContent} name="htmlContent" rules={rule('htmlContent')}>
              <Input.TextArea
                ref={contentRef}
                rows={15}
                spellCheck={false}
                style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 }}
                onFocus={() => (lastFocused.current = 'htmlContent')}
              />
            </Form.Item>
            <Form.Item
              label={labels.textContent}
              name="textContent"
              rules={rule('textContent')}
              extra={TEXT_VERSION_HELP}
            >
              <Input.TextArea
                rows={6}
                maxLength={MESSAGE_TEXT_MAX}
                placeholder="Optional"
                style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 }}
              />
            </Form.Item>
            {unresolved.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                title={`Not resolved in the preview: ${unresolved.join(', ')}`}
                description="Check the spelling, or add the tag under Dynamic content."
              />
            )}
            <Space>
              <Button icon={<EyeOutlined />} onClick={preview} disabled={false}>
                Preview
              </Button>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                Save
              </Button>
            </Space>
          </Form>
        </Col>
        <Col xs={24} xl={8}>
          <MacroPanel ownerId={owner} onInsert={insert} disabled={archived} />
        </Col>
      </Row>
    </EditPage>
  );
}
