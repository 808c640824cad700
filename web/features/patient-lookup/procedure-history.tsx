import { Text } from '@mantine/core';
import type { PatientData } from '../../../common/api/patients';
import { formatCurrency, formatDate } from '../../../common/format';
import { byIndex, type Column, ColumnRows } from '../../components/column-table';
import { ProcedureName } from './procedure-name';
import { ScrollTable, Section } from './section';

export const NO_TREATMENT_FOUND =
  'No treatment data found for this patient. They may not have started treatment yet.';

const count = (n: number) => `${n} ${n === 1 ? 'procedure' : 'procedures'}`;

type Procedure = PatientData['procedures'][number];
const nowrap = { style: { whiteSpace: 'nowrap' } } as const;

const COLUMNS: Column<Procedure>[] = [
  { header: 'Date', cell: (r) => formatDate(r.date), td: nowrap },
  { header: 'Procedure', cell: (r) => <ProcedureName procedure={r.procedure} code={r.code} /> },
  { header: 'Provider', cell: (r) => r.provider, td: nowrap },
  {
    header: 'Amount',
    cell: (r) => formatCurrency(r.amount),
    td: { ta: 'right', ...nowrap },
    th: { ta: 'right' },
  },
  {
    header: 'Location',
    cell: (r) => r.location || 'N/A',
    td: (r) => ({ c: r.location ? undefined : 'dimmed' }),
  },
];

/** Every Full Arch Report row of the patient, newest first (as the server sends them). */
export function ProcedureHistory({ procedures }: { procedures: PatientData['procedures'] }) {
  return (
    <Section title="Procedure History" aside={procedures.length > 0 ? count(procedures.length) : undefined}>
      {(titleId) =>
        procedures.length === 0 ? (
          <Text c="dimmed" size="sm">
            {NO_TREATMENT_FOUND}
          </Text>
        ) : (
          <ScrollTable labelledBy={titleId} maxHeight={300} minWidth={640}>
            {/* A patient may have the same procedure twice on a day; the list never reorders. */}
            <ColumnRows columns={COLUMNS} rows={procedures} rowKey={byIndex} />
          </ScrollTable>
        )
      }
    </Section>
  );
}
