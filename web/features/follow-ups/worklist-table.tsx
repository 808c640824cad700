import { Table } from '@mantine/core';
import { byIndex, ColumnRows } from '../../components/column-table';
import { ScrollTable } from '../../components/scroll-table';
import classes from './follow-ups.module.css';
import { type RowsProps, rowClass } from './row-mark';
import { WorklistCards } from './worklist-cards';
import { worklistColumns } from './worklist-columns';

/** The rows in the server's order; on a phone one card per patient. */
export function WorklistTable(props: RowsProps) {
  return props.phone ? <WorklistCards {...props} /> : <WorklistRows {...props} />;
}

/**
 * Below these widths the table scrolls sideways inside its card rather than cut the column that
 * takes what is left (Procedure Status; Last Contact beside a case) to nothing.
 */
const MIN_WIDTH = 1150;
const MIN_WIDTH_BESIDE = 680;

function WorklistRows(props: RowsProps) {
  const { patients, onOpen, openName, label, compact } = props;
  const columns = worklistColumns(props).map(({ width, ...c }) => ({
    ...c,
    th: { ...c.th, style: width === undefined ? undefined : { width } },
  }));
  // The rows scroll with the page; only a table wider than its card scrolls sideways.
  return (
    <ScrollTable label={label} minWidth={compact ? MIN_WIDTH_BESIDE : MIN_WIDTH}>
      <Table
        striped
        highlightOnHover
        verticalSpacing={6}
        horizontalSpacing={6}
        fz={13}
        aria-label={label}
        className={classes.rows}
      >
        <ColumnRows
          columns={columns}
          rows={patients}
          rowKey={byIndex}
          // A click anywhere on the row opens the case; the keyboard opens it with the name's button.
          rowProps={(p) => ({
            className: `${classes.clickRow} ${rowClass(p, props) ?? ''}`,
            'data-patient': p.patient_name,
            'aria-current': p.patient_name === openName ? 'true' : undefined,
            onClick: (event) => {
              if (!(event.target as HTMLElement).closest('a, button')) onOpen(p.patient_name);
            },
          })}
        />
      </Table>
    </ScrollTable>
  );
}
