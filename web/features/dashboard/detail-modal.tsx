import { Box, Button, Group, Modal, ScrollArea, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import type { DetailPaging } from '../../../common/api/dashboard';
import { formatCurrency } from '../../../common/format';
import { byIndex, type Column, ColumnRows } from '../../components/column-table';
import { PageButtons } from '../../components/page-buttons';
import { useOpenPatient } from '../../lib/navigation';
import { saveBlob } from '../../lib/save-blob';
import { type DetailData, downloadDetails, useDetails } from './api';
import { type DetailList, detailLists } from './detail-columns';
import { type DetailRequest, detailTitle } from './detail-request';
import { EmptyState, TableSkeleton } from './parts';

/** Below the tab bar's break (768 px): the modal takes the width, and the rows stack. */
const PHONE = '(max-width: 48em)';

interface Props {
  opened: boolean;
  /** Kept while the modal fades out, so its content does not vanish mid-close. */
  request: DetailRequest | null;
  /** The page of the list shown, from 1; `onPage` asks for another (the address keeps it). */
  page: number;
  onPage: (page: number) => void;
  onClose: () => void;
}

/**
 * The patients behind a figure, a page of DETAIL_PAGE_SIZE rows at a time, so a list of thousands
 * opens as fast as a short one. Close, the X, Escape and a click on the overlay all close it.
 */
export function DetailModal({ opened, request, page, onPage, onClose }: Props) {
  // A phone gives the rows nearly the whole width (the overlay stays around it, so a tap outside
  // still closes it); a desktop a wide box, so names do not wrap.
  const phone = useMediaQuery(PHONE);
  return (
    <Modal
      opened={opened && request !== null}
      onClose={onClose}
      title={request ? detailTitle(request) : ''}
      closeButtonProps={{ 'aria-label': 'Close details' }}
      size={phone ? '100%' : '72rem'}
    >
      {request && <DetailBody request={request} page={page} onPage={onPage} />}
      <Group justify="flex-end" mt="md">
        {request && <ExportButton request={request} />}
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}

/** The list as a workbook, from the server with the same filters (docs/screens.md, Detail modal). */
function ExportButton({ request }: { request: DetailRequest }) {
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      const { blob, fileName } = await downloadDetails(request);
      saveBlob(blob, fileName);
    } catch (err) {
      console.error('Failed to export details', err);
      notifications.show({ color: 'red', title: 'Export failed', message: 'Failed to export details' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      variant="light"
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={busy}
      onClick={save}
    >
      Export to Excel
    </Button>
  );
}

interface PageProps {
  page: number;
  onPage: (page: number) => void;
}

function DetailBody({ request, page, onPage }: { request: DetailRequest } & PageProps) {
  const details = useDetails(request, page);
  const { data } = details;
  // Another page of the same list stays on screen, dimmed, while the asked one loads.
  const stale = details.isPlaceholderData;
  // A page past the last (an old link, or the data changed) shows the last page instead.
  const last = data && !stale ? Math.max(data.paging.pages, 1) : null;
  const correct = useEffectEvent((to: number) => onPage(to));
  useEffect(() => {
    if (last !== null && page > last) correct(last);
  }, [last, page]);

  if (details.isPending) return <TableSkeleton label="Loading details" rows={4} />;
  if (!data || data.paging.total_rows === 0) return <EmptyState>No records for this selection.</EmptyState>;
  // A provider's own list (a row's cell, or one provider chosen) names that provider in every row.
  return (
    <Box aria-busy={stale} style={{ opacity: stale ? 0.6 : 1 }}>
      <DetailTable data={data} oneProvider={request.provider !== null} onPage={onPage} />
    </Box>
  );
}

const count = (n: number) => n.toLocaleString('en-US');

/** The whole list's count and total value, whichever page is shown. */
function Summary({ rows, noun, total }: { rows: number; noun: string; total?: number }) {
  return (
    <Text size="sm" mb="xs" aria-live="polite">
      {total !== undefined && (
        <>
          Total value: <strong>{formatCurrency(total)}</strong>
          {' · '}
        </>
      )}
      <strong>{count(rows)}</strong> {noun}
      {rows === 1 ? '' : 's'}
    </Text>
  );
}

/** `Rows 101–200 of 12,345`: which rows of the list the page holds. */
export function rowsShown({ page, page_size, total_rows }: DetailPaging): string {
  const first = Math.min((page - 1) * page_size + 1, total_rows);
  const last = Math.min(page * page_size, total_rows);
  return `Rows ${count(first)}–${count(last)} of ${count(total_rows)}`;
}

/** The pages of a list longer than one page: which rows are shown, and buttons to the others. */
function Pager({ paging, onPage }: { paging: DetailPaging; onPage: (page: number) => void }) {
  // A phone shows fewer page numbers around the current one, so the row of buttons fits its width.
  const phone = useMediaQuery('(max-width: 30em)');
  return (
    <Group justify="space-between" gap="xs" mt="xs">
      <Text size="sm" role="status">
        {rowsShown(paging)}
      </Text>
      <PageButtons
        label="Detail list pages"
        page={paging.page}
        pages={paging.pages}
        onChange={onPage}
        size="sm"
        compact={phone}
      />
    </Group>
  );
}

function Grid<R>({ rows, columns }: { rows: readonly R[]; columns: readonly Column<R>[] }) {
  return (
    // The rows hold nothing focusable, so the scrolling box itself takes focus for keyboard
    // scrolling; its scrollbars stay visible (theme), so columns past a phone's edge are seen.
    // At most as high as leaves the title, the count, the pages and the buttons in view, so a phone
    // scrolls the rows alone rather than the rows inside a scrolling dialog.
    <ScrollArea.Autosize
      mah="min(70vh, calc(100dvh - 22rem))"
      type="auto"
      // The scrollbar takes its own room instead of lying over the values at the rows' right end.
      offsetScrollbars="present"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Detail rows' }}
    >
      <Table striped verticalSpacing="xs" stickyHeader aria-label="Details">
        {/* A patient may appear twice; the list never reorders. */}
        <ColumnRows columns={columns} rows={rows} rowKey={byIndex} />
      </Table>
    </ScrollArea.Autosize>
  );
}

function List<R>({
  rows,
  total,
  paging,
  list,
  onPage,
}: {
  rows: readonly R[];
  total?: number;
  paging: DetailPaging;
  list: DetailList<R>;
  onPage: (page: number) => void;
}) {
  return (
    <>
      <Summary rows={paging.total_rows} noun={list.noun} total={total} />
      {/* A page of its own, so a new page starts at its first row, not where the last was scrolled to. */}
      <Grid key={paging.page} rows={rows} columns={list.columns} />
      {paging.pages > 1 && <Pager paging={paging} onPage={onPage} />}
    </>
  );
}

function DetailTable({
  data,
  oneProvider,
  onPage,
}: {
  data: DetailData;
  oneProvider: boolean;
  onPage: (page: number) => void;
}) {
  const openPatient = useOpenPatient();
  // A phone stacks each row into two columns, so nothing is past its edge (docs/screens.md).
  const phone = useMediaQuery(PHONE) ?? false;
  const lists = detailLists(openPatient, oneProvider, phone);
  const { paging } = data;
  switch (data.kind) {
    case 'consults':
      return <List rows={data.rows} paging={paging} list={lists.consults} onPage={onPage} />;
    case 'arch_cases':
      return (
        <List rows={data.rows} total={data.total} paging={paging} list={lists.arch_cases} onPage={onPage} />
      );
    case 'future_cases':
      return (
        <List rows={data.rows} total={data.total} paging={paging} list={lists.future_cases} onPage={onPage} />
      );
    case 'pending_finance':
      return (
        <List
          rows={data.rows}
          total={data.total}
          paging={paging}
          list={lists.pending_finance}
          onPage={onPage}
        />
      );
  }
}
