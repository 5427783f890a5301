import { Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { UploadMessages, type UploadKind, type UploadLimits } from '@console/shared/uploads';
import { http } from '@/lib/http.ts';

/** GET /api/upload_limits: the most rows one file of each kind may hold (the server's IMPORT_MAX_ROWS). */
export const useUploadLimits = () =>
  useQuery({
    queryKey: ['upload-limits'],
    queryFn: () => http.get<UploadLimits>('/upload_limits'),
    staleTime: Infinity,
  });

/** "At most N rows per file.": told under every drop zone, before a file is chosen (issue 37). */
export function RowCap({ kind }: { kind: UploadKind }) {
  const cap = useUploadLimits().data?.[kind];
  if (cap === undefined) return null;
  return (
    <Typography.Text type="secondary" data-testid="row-cap">
      {UploadMessages.atMost(cap)}
    </Typography.Text>
  );
}
