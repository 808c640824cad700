import { Table } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { byIndex, ColumnRows } from '../../components/column-table';
import { renderWithProviders } from '../../test-utils';
import { detailLists } from './detail-columns';

// A detail list's columns on a wide screen and stacked in two on a phone (docs/screens.md, Detail modal).

const archRow = {
  patient_name: 'Ann Lee',
  provider: 'Dr. Sarah Chen',
  case_value: 29990,
  date: '2026-03-04',
  status: 'Consult, Accepted Max',
};
const futureRow = {
  patient_name: 'Bob Baker',
  provider: 'Dr. Sarah Chen',
  procedure: 'Implant',
  case_value: 14995,
  appt_date: null,
};

function renderRows<R>(columns: Parameters<typeof ColumnRows<R>>[0]['columns'], rows: R[]) {
  renderWithProviders(
    <Table aria-label="Details">
      <ColumnRows columns={columns} rows={rows} rowKey={byIndex} />
    </Table>,
  );
  const table = screen.getByRole('table', { name: 'Details' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  const cells = within(within(table).getAllByRole('row')[1])
    .getAllByRole('cell')
    .map((c) => c.textContent);
  return { headers, cells };
}

describe('detail list columns', () => {
  const open = vi.fn();

  it('lists every field in its own column on a wide screen', () => {
    const { headers, cells } = renderRows(detailLists(open, false, false).arch_cases.columns, [archRow]);
    expect(headers).toEqual(['Patient Name', 'Case Value', 'Date', 'Status', 'Provider']);
    expect(cells).toEqual(['Ann Lee', '$29,990', '03/04/2026', 'Consult, Accepted Max', 'Dr. Sarah Chen']);
  });

  it('stacks them in two on a phone: the name over its words, the value over the date', () => {
    const { headers, cells } = renderRows(detailLists(open, false, true).arch_cases.columns, [archRow]);
    expect(headers).toEqual(['Patient Name', 'Case ValueDate']);
    expect(cells).toEqual(['Ann LeeConsult, Accepted Max · Dr. Sarah Chen', '$29,99003/04/2026']);
  });

  it('leaves the provider out of one provider’s list, and says TBD for a future case without a date', () => {
    const { headers, cells } = renderRows(detailLists(open, true, true).future_cases.columns, [futureRow]);
    expect(headers).toEqual(['Patient Name', 'Case ValueAppointment Date']);
    expect(cells).toEqual(['Bob BakerImplant', '$14,995TBD']);
  });
});
