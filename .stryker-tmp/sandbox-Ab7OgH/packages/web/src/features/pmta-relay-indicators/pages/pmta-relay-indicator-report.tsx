// @ts-nocheck
import { useState } from 'react';
import { App, Button, Form, Input, Select, Tooltip, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { IndicatorMessages as M, type IndicatorXlsxBody } from '@console/shared/pmta-relay-indicators';
import { listTable } from '@/components/data-table.tsx';
import { SelectFilter } from '@/components/filter-bar.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { reportErrorDialog } from '@/components/reports/report-error.ts';
import { useCollectionParams, type Filters } from '@/hooks/use-collection-params.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { dayjs } from '@/lib/dayjs.ts';
import type { Query } from '@/lib/http.ts';
import { useDownloadIndicators, useRelayIndicators } from '../api/pmta-relay-indicators.ts';
import { IndicatorsTable } from '../components/indicators-table.tsx';

/** The Mail Service choice of the all-services rows (mailProvider[exists]=false). */
const ALL_SERVICES = 'all';
const HOST = 'pmtaRelay.smtpHost';
const TYPE = 'pmtaRelay.pmtaServer.isVps';
const GROUP = 'pmtaRelay.group.id';

/** The screen's Mail Service choice as the API's filter. */
function serviceFilter(f: Filters): Query {
  const { mailProvider } = f;
  if (mailProvider === ALL_SERVICES) return { 'mailProvider[exists]': 'false' };
  return mailProvider ? { 'mailProvider.id': mailProvider } : {};
}

/**
 * PMTA Relays Indicators (spec 3, admin): generated nightly. Filters Relay Type, Relay Group, Mail Service
 * (default All services), SMTP Host; a sortable, paged table with Poor, inactive and low-profit rows
 * highlighted; an Excel download of the filtered rows (refused while SMTP Host is filled).
 */
export function PmtaRelayIndicatorReport() {
  const { modal } = App.useApp();
  const list = useCollectionParams({ filters: { mailProvider: ALL_SERVICES, [TYPE]: '' } });
  const { mailProvider: _, ...rest } = list.query;
  const indicators = useRelayIndicators({ ...rest, ...serviceFilter(list.filters) });
  const groups = useSelectOptions('/pmta_relay_groups');
  const services = useSelectOptions('/mail_providers');
  const download = useDownloadIndicators();
  // What the SMTP Host field holds now, searched or not: the export is refused while it is filled.
  const inForce = typeof list.filters[HOST] === 'string' ? list.filters[HOST] : '';
  const [typed, setTyped] = useState({ base: inForce, value: inForce });
  // A new search (or navigation) puts the field back to what is in force.
  const typedHost = typed.base === inForce ? typed.value : inForce;

  const excel = () => {
    const f = list.filters;
    if (typedHost.trim() || inForce.trim()) {
      modal.error({ title: M.filterNotSupported, content: M.cleanSmtpHost });
      return;
    }
    const body: IndicatorXlsxBody = {
      [GROUP]: f[GROUP] === undefined || f[GROUP] === '' ? undefined : String(f[GROUP]),
      [TYPE]: f[TYPE] === 'true' ? true : f[TYPE] === 'false' ? false : undefined,
      ...(f.mailProvider === ALL_SERVICES
        ? { 'mailProvider[exists]': false }
        : f.mailProvider
          ? { 'mailProvider.id': String(f.mailProvider) }
          : {}),
      ...(list.order ? { order: { [list.order.field]: list.order.dir } } : {}),
    };
    download.mutate(body, { onError: reportErrorDialog });
  };

  const rows = indicators.data?.['hydra:member'];
  const generated = rows?.[0]?.computedAt;
  return (
    <ListPage
      title="PMTA Relays Indicators"
      list={list}
      filters={
        <>
          <Form.Item name={TYPE}>
            <Select
              aria-label="Relay Type"
              prefix="Relay Type:"
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 160 }}
              options={[
                { value: '', label: 'All' },
                { value: 'true', label: 'VPS' },
                { value: 'false', label: 'Net' },
              ]}
            />
          </Form.Item>
          <SelectFilter name={GROUP} label="Relay Group" options={groups.data} />
          <Form.Item name="mailProvider">
            <Select
              aria-label="Mail Service"
              showSearch={{ optionFilterProp: 'label' }}
              style={{ minWidth: 160 }}
              options={[{ value: ALL_SERVICES, label: 'All services' }, ...(services.data ?? [])]}
            />
          </Form.Item>
          <Form.Item name={HOST}>
            <Input
              allowClear
              placeholder="SMTP Host"
              aria-label="SMTP Host"
              onChange={(e) => setTyped({ base: inForce, value: e.target.value })}
            />
          </Form.Item>
        </>
      }
      extra={
        <Tooltip title="Download Excel">
          <Button
            aria-label="Download Excel"
            icon={<FileExcelOutlined />}
            loading={download.isPending}
            onClick={excel}
          />
        </Tooltip>
      }
    >
      <Typography.Paragraph type="secondary" data-testid="generated">
        {generated
          ? `Generated ${dayjs.utc(generated).format('YYYY-MM-DD HH:mm')} UTC. The report is generated once a day at night; relays older than 1 year are computed from the last year.`
          : 'The report is generated once a day at night; relays older than 1 year are computed from the last year.'}
      </Typography.Paragraph>
      <IndicatorsTable {...listTable(indicators, list)} />
    </ListPage>
  );
}
