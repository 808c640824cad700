import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_EXPORT_FILE, auditApi, auditResponse } from '../../../common/api/audit';
import { call, download } from '../../lib/api';
import { queryKeyOf } from '../../lib/query-keys';
import { saveBlob } from '../../lib/save-blob';
import { type AuditFilters, type AuditView, auditFilterQuery } from './audit-view';

/**
 * One page of the audit log. Each read is itself audited on the server, so a page is read when
 * it is shown (never ahead of time) and the previous page stays on screen while the next loads.
 */
export function useAuditLog(view: AuditView, enabled: boolean) {
  const query = { ...auditFilterQuery(view), page: view.page };
  return useQuery({
    queryKey: queryKeyOf(auditApi.list, { query }),
    // Checked against the contract: a page the screen cannot read is a failure it reports, not a blank.
    queryFn: async ({ signal }) => auditResponse.parse(await call(auditApi.list, { query, signal })),
    placeholderData: keepPreviousData,
    enabled,
    // The log grows all the time: opening the section again reads it afresh.
    staleTime: 0,
  });
}

/** Every event the filters match, as the server's CSV file, handed to the browser's download. */
export async function exportAuditLog(filters: AuditFilters): Promise<void> {
  saveBlob(await download(auditApi.export, { query: auditFilterQuery(filters) }), AUDIT_EXPORT_FILE);
}
