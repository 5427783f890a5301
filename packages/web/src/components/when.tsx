import { Tooltip } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** A moment as "5 minutes ago", the exact time in its tooltip; a dash when there is none. */
export function When({ at }: { at: string | null }) {
  if (!at) return <>-</>;
  return (
    <Tooltip title={dayjs(at).format('YYYY-MM-DD HH:mm:ss')}>
      <span>{dayjs(at).fromNow()}</span>
    </Tooltip>
  );
}
