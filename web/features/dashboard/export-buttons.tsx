import { Button, Group, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconFileTypePdf, IconTable } from '@tabler/icons-react';
import { useState } from 'react';
import { exportsApi } from '../../../common/api/dashboard';
import { download, downloadNamed } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';
import { type Filters, filterQuery } from './filters';

type Busy = { dashboard: boolean; scoresheet: boolean; pdf: boolean };

const fail = (message: string) => notifications.show({ color: 'red', title: 'Export failed', message });
/** docs/screens.md section 8: the reason when there is one to give, else the plain message. */
export function pdfFailureMessage(err: unknown): string {
  const reason = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  return reason.trim() ? `Failed to export PDF: ${reason}` : 'Failed to export PDF';
}

/** Every file comes from the server: the workbooks, and the PDF report it draws from the same figures as the panels. */
export function ExportButtons({ filters }: { filters: Filters }) {
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
      const { blob, fileName } = await downloadNamed(exportsApi.report, { query: filterQuery(filters) });
      // The server names the file by its own date; a proxy that drops the name leaves a plain one.
      const name = fileName ?? 'full-arch-report.pdf';
      saveBlob(blob, name);
      notifications.show({
        color: 'green',
        title: 'PDF report',
        message: `PDF exported successfully: ${name}`,
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
