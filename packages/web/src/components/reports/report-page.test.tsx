import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { ReportPage } from './report-page.tsx';

afterEach(cleanup);

const idle = { isFetching: false, error: null };

describe('<ReportPage> (decisions 1451, 1491)', () => {
  it('a filter bar with Get: the empty text before the first Get, then the table for what was asked', () => {
    const onGet = vi.fn();
    const { rerender } = render(
      <ReportPage<string>
        title="R"
        report={idle}
        filters={<span>filters</span>}
        onGet={onGet}
        asked={undefined}
        empty="Click Get"
      >
        {(asked) => <p>table of {asked}</p>}
      </ReportPage>,
    );
    expect(screen.getByText('Click Get')).toBeTruthy();
    const get = screen.getByRole('button', { name: /Get/ });
    expect(get.getAttribute('type')).toBe('button');
    fireEvent.click(get);
    expect(onGet).toHaveBeenCalledOnce();
    rerender(
      <ReportPage<string>
        title="R"
        report={idle}
        filters={<span>filters</span>}
        onGet={onGet}
        asked="May"
        empty="Click Get"
      >
        {(asked) => <p>table of {asked}</p>}
      </ReportPage>,
    );
    expect(screen.getByText('table of May')).toBeTruthy();
    expect(screen.queryByText('Click Get')).toBeNull();
  });

  it('no Get without onGet or a form (the mail service report reads on choice)', () => {
    render(
      <ReportPage<string> title="R" report={idle} filters={<span>filters</span>} asked={undefined} empty="Select">
        {() => null}
      </ReportPage>,
    );
    expect(screen.queryByRole('button', { name: /Get/ })).toBeNull();
    expect(screen.getByText('Select')).toBeTruthy();
  });

  it('a form bar: the intro above it, Get submits the form with its fields', async () => {
    const onFinish = vi.fn();
    function Deliverability() {
      const [form] = Form.useForm<{ smtpHost?: string }>();
      return (
        <ReportPage<string, { smtpHost?: string }>
          title="R"
          intro={<p>header line</p>}
          report={idle}
          form={{ instance: form, onFinish }}
          filters={
            <Form.Item name="smtpHost">
              <Input aria-label="SMTP host" />
            </Form.Item>
          }
          asked={undefined}
          empty="Click Get"
        >
          {() => null}
        </ReportPage>
      );
    }
    const { container } = render(<Deliverability />);
    const intro = screen.getByText('header line');
    const bar = container.querySelector('form')!;
    expect(bar.classList.contains('ant-form-inline')).toBe(true);
    expect(intro.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.change(screen.getByLabelText('SMTP host'), { target: { value: 'mta1' } });
    const get = screen.getByRole('button', { name: /Get/ });
    expect(get.getAttribute('type')).toBe('submit');
    fireEvent.click(get);
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ smtpHost: 'mta1' }));
  });
});
