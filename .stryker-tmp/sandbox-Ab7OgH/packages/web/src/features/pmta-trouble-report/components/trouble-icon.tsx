// @ts-nocheck
import { Tooltip } from 'antd';
import { FrownTwoTone, QuestionCircleOutlined, SmileTwoTone } from '@ant-design/icons';
import { TroubleLabels, type TroubleEntry, type TroubleName } from '@console/shared/pmta-trouble-report';

/** One check of one server: a smiley (no trouble), a sad face (trouble) or a grey question mark (not checked). */
export function TroubleIcon({ entry, name }: { entry: TroubleEntry; name: TroubleName }) {
  const flag = entry.troubles[name];
  const state = flag === true ? 'trouble' : flag === false ? 'ok' : 'not checked';
  const detail = entry.details[name] ?? (entry.checkedAt ? '' : 'Not checked yet.');
  const label = `${TroubleLabels[name]}: ${state}`;
  const icon =
    flag === true ? (
      <FrownTwoTone twoToneColor="#ff4d4f" />
    ) : flag === false ? (
      <SmileTwoTone twoToneColor="#52c41a" />
    ) : (
      <QuestionCircleOutlined style={{ color: '#bfbfbf' }} />
    );
  return (
    <Tooltip title={detail ? `${label}. ${detail}` : label}>
      <span role="img" aria-label={label} style={{ fontSize: 20, lineHeight: 1 }}>
        {icon}
      </span>
    </Tooltip>
  );
}
