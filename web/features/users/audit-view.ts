/**
 * What the Audit Log section shows, kept in the page's address (docs/screens.md section 10):
 * /users?audit_user=…&audit_action=…&audit_from=…&audit_to=…&audit_page=…
 */
import { type AuditAction, type AuditQuery, isAuditAction } from '../../../common/api/audit';
import { isCalendarDate } from '../../../common/calendar-day';

export interface AuditFilters {
  /** A username, matched exactly but for case; '' for every user. */
  user: string;
  action: AuditAction | null;
  /** Calendar days `YYYY-MM-DD` (whole days in UTC, both included); '' for no bound. */
  from: string;
  to: string;
}

export interface AuditView extends AuditFilters {
  page: number;
}

export const NO_AUDIT_FILTERS: AuditFilters = { user: '', action: null, from: '', to: '' };

const dayOf = (value: string | null) => (value !== null && isCalendarDate(value) ? value : '');

/** The view an address asks for: an unknown action, a date that is none or a page below 1 is left out. */
export function auditViewFromParams(params: URLSearchParams): AuditView {
  const action = params.get('audit_action') ?? '';
  const page = Number(params.get('audit_page'));
  return {
    user: params.get('audit_user')?.trim() ?? '',
    action: isAuditAction(action) ? action : null,
    from: dayOf(params.get('audit_from')),
    to: dayOf(params.get('audit_to')),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The address's parameters for a view; what is empty (and page 1) is left out. */
export function auditParams(view: AuditView): Record<string, string | number | null> {
  return {
    audit_user: view.user || null,
    audit_action: view.action,
    audit_from: view.from || null,
    audit_to: view.to || null,
    audit_page: view.page > 1 ? view.page : null,
  };
}

export const hasAuditFilters = (f: AuditFilters): boolean =>
  f.user !== '' || f.action !== null || f.from !== '' || f.to !== '';

export const FROM_AFTER_TO = 'To must be on or after From';

/** Why the dates cannot be asked for, or null: the server would refuse From after To. */
export const datesProblem = (f: AuditFilters): string | null =>
  f.from && f.to && f.from > f.to ? FROM_AFTER_TO : null;

/** The filters as the server takes them, empty ones left out. */
export function auditFilterQuery(f: AuditFilters): Omit<AuditQuery, 'page' | 'limit'> {
  return {
    user: f.user || undefined,
    action: f.action ?? undefined,
    from: f.from || undefined,
    to: f.to || undefined,
  };
}

/** `Page 2 of 7 (312 events)`. */
export function pageSummary(page: number, pages: number, total: number): string {
  return `Page ${page} of ${Math.max(pages, 1)} (${total.toLocaleString('en-US')} ${total === 1 ? 'event' : 'events'})`;
}
