import { goTo, hrefWith, useAddress } from '../../lib/address';
import {
  type AuditFilters,
  type AuditView,
  auditParams,
  auditViewFromParams,
  NO_AUDIT_FILTERS,
} from './audit-view';

/**
 * The Audit Log's filters and page, read from and written to the page's address, so Back, a
 * reload and a shared link show the same events. A new filter starts again at page 1.
 */
export function useAuditView() {
  const address = useAddress();
  const view = auditViewFromParams(address.params);
  const show = (next: AuditView, replace = false) => goTo(hrefWith(address, auditParams(next)), { replace });
  return {
    view,
    filter: (next: AuditFilters) => show({ ...next, page: 1 }),
    clear: () => show({ ...NO_AUDIT_FILTERS, page: 1 }),
    goToPage: (page: number) => show({ ...view, page }),
    /** A correction (a page past the last one), not a step the user took: no history entry. */
    correctPage: (page: number) => show({ ...view, page }, true),
  };
}
