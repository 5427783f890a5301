// @ts-nocheck
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DataTable, itemsOf, totalOf } from './data-table.tsx';

afterEach(cleanup);

interface Row {
  id: number;
  name: string;
}
const binding = { page: 1, pageSize: 30, onChange: () => {} };
const columns = [{ title: 'Name', dataIndex: 'name', key: 'name' }];

describe('collections', () => {
  it('reads both envelopes (hydra and items)', () => {
    const rows = [{ id: 1, name: 'a' }];
    expect(itemsOf({ 'hydra:member': rows, 'hydra:totalItems': 7 })).toEqual(rows);
    expect(totalOf({ items: rows, totalItems: 9 })).toBe(9);
    expect(itemsOf(undefined)).toEqual([]);
  });
});

describe('<DataTable>', () => {
  it("shows 'Total: N' and the rows; the table lays out its columns by content (issue 22)", () => {
    const { container } = render(
      <DataTable<Row>
        {...binding}
        columns={columns}
        loading={false}
        data={{ 'hydra:member': [{ id: 1, name: 'Spring list' }], 'hydra:totalItems': 1234 }}
      />,
    );
    expect(screen.getByTestId('total').textContent).toBe('Total: 1,234');
    expect(screen.getByText('Spring list')).toBeTruthy();
    const table = container.querySelector('.ant-table-wrapper');
    expect(table?.classList.contains('data-table')).toBe(true);
    expect(table?.classList.contains('data-table-empty')).toBe(false);
    expect((container.querySelector('table') as HTMLTableElement).style.tableLayout).toBe('auto');
    // Past one page the pager shows (30 a page).
    expect(screen.getByRole('button', { name: 'Next page' })).toBeTruthy();
  });

  it("says why a load failed instead of 'Total: 0', and offers to try again", () => {
    const retry = vi.fn();
    const { container } = render(
      <DataTable<Row>
        {...binding}
        columns={columns}
        loading={false}
        data={undefined}
        error={new Error('Network down')}
        retry={retry}
      />,
    );
    expect(screen.getByText('The list could not be loaded.')).toBeTruthy();
    expect(screen.getByTestId('total').textContent).toBe('Total: —');
    expect(container.querySelector('.data-table-empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("an empty answer shows the list's own words", () => {
    render(
      <DataTable<Row>
        {...binding}
        columns={columns}
        loading={false}
        emptyText="No offers found."
        data={{ 'hydra:member': [], 'hydra:totalItems': 0 }}
      />,
    );
    expect(screen.getByText('No offers found.')).toBeTruthy();
    expect(screen.getByTestId('total').textContent).toBe('Total: 0');
  });
});
