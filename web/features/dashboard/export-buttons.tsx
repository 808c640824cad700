import { Button, Group, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconFileTypePdf, IconTable } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { exportsApi } from '../../../common/api/dashboard';
import { download } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';
import {
  archCasesQuery,
  consultOverviewQuery,
  futureValueQuery,
  goalsQuery,
  pipelineQuery,
  summaryQuery,
  trendsQuery,
} from './api';
import { type Filters, filterQuery, locationParam } from './filters';

type Busy = { dashboard: boolean; scoresheet: boolean; pdf: boolean };

const fail = (message: string) => notifications.show({ color: 'red', title: 'Export failed', message });
/** docs/screens.md section 8: the reason when there is one to give, else the plain message. */
export function pdfFailureMessage(err: unknown): string {
  const reason = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  return reason.trim() ? `Failed to export PDF: ${reason}` : 'Failed to export PDF';
}

/** Spreadsheets come from the server; the PDF is drawn here from the same figures as the panels. */
export function ExportButtons({ filters }: { filters: Filters }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState<Busy>({ dashboard: false, scoresheet: false, pdf: false });
  const mark = (key: keyof Busy, value: boolean) => setBusy((current) => ({ ...current, [key]: value }));

  async function save(
    key: 'dashboard' | 'scoresheet',
    file: () => Promise<Blob>,
    fileName: string,
    failure: string,
  ) {
    mark(key, true);
    try {
      saveBlob(await file(), fileName);
    } catch (err) {
      console.error(failure, err);
      fail(failure);
    } finally {
      mark(key, false);
    }
  }

  async function exportPdf() {
    mark('pdf', true);
    try {
      const [report, overview, archCases, future, pipeline, trends, summary, goals] = await Promise.all([
        import('./pdf'),
        client.fetchQuery(consultOverviewQuery(filters)),
        client.fetchQuery(archCasesQuery(filters)),
        client.fetchQuery(futureValueQuery(filters)),
        client.fetchQuery(pipelineQuery(filters)),
        client.fetchQuery(trendsQuery(filters)),
        client.fetchQuery(summaryQuery(filters)),
        // Goals cover every location: with one chosen the report says so instead.
        locationParam(filters.location) === null ? client.fetchQuery(goalsQuery(filters)) : null,
      ]);
      const { blob, fileName } = report.createReport({
        filters,
        overview,
        archCases,
        future,
        pipeline,
        trends,
        summary,
        goals,
        generatedAt: new Date(),
      });
      saveBlob(blob, fileName);
      notifications.show({
        color: 'green',
        title: 'PDF report',
        message: `PDF exported successfully: ${fileName}`,
      });
    } catch (err) {
      console.error('Failed to export PDF', err);
      fail(pdfFailureMessage(err));
    } finally {
      mark('pdf', false);
    }
  }

  return (
    <Group gap="sm">
      <Button
        variant="light"
        leftSection={<IconTable size={18} aria-hidden />}
        loading={busy.dashboard}
        onClick={() =>
          save(
            'dashboard',
            () => download(exportsApi.dashboard, { query: filterQuery(filters) }),
            'dental_tracker_dashboard.xlsx',
            'Failed to export dashboard',
          )
        }
      >
        Export Dashboard
      </Button>
      <Button
        variant="light"
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        loading={busy.scoresheet}
        onClick={() =>
          save(
            'scoresheet',
            () => download(exportsApi.scoresheet),
            'scoresheet.xlsx',
            'Failed to export scoresheet',
          )
        }
      >
        Export Scoresheet
      </Button>
      <Button
        leftSection={
          busy.pdf ? (
            <Loader size={16} color="currentColor" aria-hidden />
          ) : (
            <IconFileTypePdf size={18} aria-hidden />
          )
        }
        disabled={busy.pdf}
        onClick={exportPdf}
      >
        {busy.pdf ? 'Generating PDF...' : 'Export PDF Report'}
      </Button>
    </Group>
  );
}
