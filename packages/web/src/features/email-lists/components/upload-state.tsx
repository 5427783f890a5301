import { Tag } from 'antd';
import { CheckCircleOutlined, SyncOutlined } from '@ant-design/icons';
import type { EmailList } from '@console/shared/email-lists';
import { isUploading } from '../api/email-lists.ts';

/** The Uploading column: Processing (with the live percent) while a job runs, else Done. */
export function UploadState({ list }: { list: Pick<EmailList, 'job' | 'completion'> }) {
  return isUploading(list.job) ? (
    <Tag color="processing" icon={<SyncOutlined spin />} data-testid="upload-state">
      Processing {list.completion} %
    </Tag>
  ) : (
    <Tag color="success" icon={<CheckCircleOutlined />} data-testid="upload-state">
      Done
    </Tag>
  );
}

/** 'Loading... N %', shown instead of the Add emails buttons while an upload job runs. */
export function LoadingPercent({ list }: { list: Pick<EmailList, 'completion'> }) {
  return (
    <Tag color="processing" icon={<SyncOutlined spin />} style={{ fontSize: 14, padding: '4px 10px' }} role="status">
      Loading... {list.completion} %
    </Tag>
  );
}
