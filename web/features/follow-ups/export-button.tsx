import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTable } from '@tabler/icons-react';
import { useState } from 'react';
import { worklistApi } from '../../../common/api/worklist';
import { download } from '../../lib/api';
import { saveBlob } from '../../lib/save-blob';
import { type Filters, worklistQueryOf } from './filters';

export const EXPORT_FILE = 'follow_up_worklist.xlsx';
export const EXPORT_FAILED = 'Failed to export worklist';

/** The list as it is filtered now, stage included, as a workbook from the server. */
export function ExportButton({ filters }: { filters: Filters }) {
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      saveBlob(await download(worklistApi.export, { query: worklistQueryOf(filters) }), EXPORT_FILE);
    } catch (err) {
      console.error(EXPORT_FAILED, err);
      notifications.show({ color: 'red', title: 'Export failed', message: EXPORT_FAILED });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="light" leftSection={<IconTable size={18} aria-hidden />} loading={busy} onClick={save}>
      Export Worklist
    </Button>
  );
}
