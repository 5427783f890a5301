import { Tag, Tooltip } from 'antd';

/** A queue's or relay's state: backoff (with the reply in its tooltip), paused, or normal. */
export function ModeTag({ backoff, paused, reply }: { backoff: boolean; paused?: boolean; reply?: string | null }) {
  return (
    <>
      {backoff ? (
        <Tooltip title={reply ?? undefined}>
          <Tag color="red">backoff</Tag>
        </Tooltip>
      ) : (
        <Tag color="green">normal</Tag>
      )}
      {paused && <Tag color="orange">paused</Tag>}
    </>
  );
}
