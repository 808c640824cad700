import { Badge, SimpleGrid, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ConsultDetailType, ConsultOverview } from '../../../common/api/dashboard';
import { formatPercent } from '../../../common/format';
import { outsideSides, RANGE_SIDE_WORDS, type RangeSide } from '../../../common/variance-words';
import { WinRateChart } from './charts';
import classes from './dashboard.module.css';
import { type DetailRequest, detailScope } from './detail-request';
import { type Filters, providerParam } from './filters';
import { CellButton, EmptyState, NO_DATA_HINT, Panel, TableSkeleton } from './parts';
import { VarianceBox } from './variance-box';

type Counts = ConsultOverview['totals'];

type Column =
  | { header: string; type: ConsultDetailType; words: string }
  | { header: string; key: 'consults_ytd' | 'future_ytd_total' | 'win_rate' };

// Clickable counts carry how their button is spoken: "Show 3 consults won for Dr X".
const COLUMNS: readonly Column[] = [
  { header: 'Consults Lost', type: 'consults_lost', words: 'consults lost' },
  { header: 'Consults Won', type: 'consults_won', words: 'consults won' },
  { header: 'Pending Finance', type: 'pending_finance', words: 'pending finance consults' },
  { header: 'Consults YTD', key: 'consults_ytd' },
  { header: 'Future Consults', type: 'future_consults', words: 'future consults' },
  { header: 'Future + YTD', key: 'future_ytd_total' },
  { header: 'Win Rate %', key: 'win_rate' },
];

// On a phone the win rate comes right after the name, so it is in view without scrolling
// sideways; the counts follow in their usual order.
const PHONE_COLUMNS: readonly Column[] = [COLUMNS[COLUMNS.length - 1], ...COLUMNS.slice(0, -1)];

/** The panel's element id: the headline figures without a list of their own lead here. */
export const CONSULT_OVERVIEW_ID = 'consult-overview';

interface Props {
  filters: Filters;
  data: ConsultOverview | undefined;
  loading: boolean;
  onOpen: (request: DetailRequest) => void;
}

export function ConsultOverviewPanel({ filters, data, loading, onOpen }: Props) {
  return (
    <Panel
      id={CONSULT_OVERVIEW_ID}
      title="Consult Overview"
      description={`Consults with a consult date in ${filters.year}, by provider. Select a count to see the patients.`}
    >
      {loading ? (
        <TableSkeleton label="Loading consult overview" />
      ) : data && data.providers.length > 0 ? (
        <>
          <ConsultTable data={data} filters={filters} onOpen={onOpen} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" mt="md">
            <VarianceBox data={data} />
            <WinRateChart providers={data.providers} />
          </SimpleGrid>
        </>
      ) : (
        <EmptyState>No consults for this selection. {NO_DATA_HINT}</EmptyState>
      )}
    </Panel>
  );
}

/**
 * 'Above the range' or 'Below the range' beside a provider outside the acceptable range, in words
 * as written. Above is doing better than the group, so it is drawn neutrally; below is the warning.
 */
function SideBadge({ side }: { side: RangeSide | undefined }) {
  if (!side) return null;
  return (
    <Badge color={side === 'above' ? 'blue' : 'red'} variant="light" size="xs" ml={6} tt="none">
      {RANGE_SIDE_WORDS[side]}
    </Badge>
  );
}

function ConsultTable({
  data,
  filters,
  onOpen,
}: {
  data: ConsultOverview;
  filters: Filters;
  onOpen: Props['onOpen'];
}) {
  const sides = outsideSides(data);
  const columns = useMediaQuery('(max-width: 47.99em)') ? PHONE_COLUMNS : COLUMNS;

  const cells = (counts: Counts, provider: string | null) =>
    columns.map((column) => {
      if ('key' in column) {
        const value = counts[column.key];
        return (
          <Table.Td key={column.header} className={classes.number}>
            {column.key === 'win_rate' ? formatPercent(value) : value}
          </Table.Td>
        );
      }
      const value = counts[column.type];
      return (
        <Table.Td key={column.header} className={classes.number}>
          <CellButton
            label={`Show ${value} ${column.words} for ${provider ?? 'all providers'}`}
            onClick={() => onOpen({ kind: 'consults', type: column.type, provider, ...detailScope(filters) })}
            zero={value === 0}
          >
            {value}
          </CellButton>
        </Table.Td>
      );
    });

  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Consult Overview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th className={classes.stickyColumn}>Provider Name</Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.header} className={classes.number}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.providers.map((row) => (
            <Table.Tr key={row.provider}>
              <Table.Th scope="row" fw={500} className={classes.stickyColumn}>
                {row.provider}
                <SideBadge side={sides.get(row.provider)} />
              </Table.Th>
              {cells(row, row.provider)}
            </Table.Tr>
          ))}
          <Table.Tr className={classes.totalsRow}>
            <Table.Th scope="row" className={classes.stickyColumn}>
              Consults YTD Total
            </Table.Th>
            {cells(data.totals, providerParam(filters.provider))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
