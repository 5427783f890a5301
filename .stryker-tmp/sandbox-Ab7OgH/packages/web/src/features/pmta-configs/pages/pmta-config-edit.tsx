// @ts-nocheck
import { Alert, Button, Form, Input, Select, Typography, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import {
  PMTA_CONFIG_MAX_BYTES,
  PmtaConfigMessages as M,
  pmtaConfigSchema,
  type PmtaConfigType,
} from '@console/shared/pmta-configs';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { ValidationErrors } from '@/components/validation-errors.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { zodRule } from '@/lib/form-rules.ts';
import { href } from '@/lib/routes.ts';
import { usePmtaConfig, usePmtaConfigTypes, useSaveConfig } from '../api/pmta-configs.ts';

interface Values {
  name: string;
  type?: PmtaConfigType;
  file?: UploadFile[];
}
const labels = { name: 'Name', type: 'Type', configFile: 'File', prePmtaConfig: 'Form' };
const rule = (field: 'name' | 'type') => [zodRule(pmtaConfigSchema, field)];

/** Create PMTA Config and Edit PMTA Config #id: name, type and the configuration file (multipart). */
export function PmtaConfigEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const navigate = useNavigate();
  const config = usePmtaConfig(id);
  const types = usePmtaConfigTypes();
  const save = useSaveConfig();
  // A new config needs its file; an edit keeps the current one unless another is chosen.
  const fileRule = {
    validator: async (_: unknown, files?: UploadFile[]) => {
      if (!id && !files?.length) throw new Error(M.fileRequired);
    },
  };

  const submit = (v: Values) =>
    save.mutate(
      { id, body: { name: v.name, type: v.type! }, file: v.file?.[0]?.originFileObj },
      {
        onSuccess: () => {
          toast.success(id ? M.updated : M.created);
          navigate(href('pmtaConfigs'));
        },
      },
    );

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit PMTA Config #${id}` : 'Create PMTA Config'}
      back={{ label: 'Back to Config Files', to: href('pmtaConfigs') }}
      loading={Boolean(id) && !config.data}
    >
      <Form<Values>
        key={id ?? 'new'}
        layout="vertical"
        noValidate
        initialValues={
          config.data ? { name: config.data.name, type: config.data.type as PmtaConfigType } : { name: '' }
        }
        onFinish={submit}
        style={{ maxWidth: 640 }}
      >
        <ValidationErrors error={save.error} labels={labels} />
        <Form.Item label="Name" name="name" rules={rule('name')}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          label="Type"
          name="type"
          rules={rule('type')}
          extra="Servers: included at the end of each server's configuration. Relays: included inside each relay's virtual MTA."
        >
          <Select placeholder="Choose the type" aria-label="Type" options={types.data} />
        </Form.Item>
        <Form.Item
          label="Configuration file"
          name="file"
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
          rules={[fileRule]}
          extra={
            <>
              Text, at most {PMTA_CONFIG_MAX_BYTES / 1024} kB, with the directives of a PMTA configuration; it is
              checked when uploaded.
              {config.data && (
                <>
                  {' '}
                  Now: <Typography.Text code>{config.data.fileName}</Typography.Text>, version {config.data.version};
                  choose a file only to replace it.
                </>
              )}
            </>
          }
        >
          <Upload beforeUpload={() => false} maxCount={1} accept=".conf,.cfg,.txt,text/plain">
            <Button icon={<UploadOutlined />}>Choose file</Button>
          </Upload>
        </Form.Item>
        {config.data && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title="A new file is a new version: every applied copy is uploaded again."
          />
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
      </Form>
    </EditPage>
  );
}
