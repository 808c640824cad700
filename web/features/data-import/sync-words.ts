/**
 * What a practice manager should do next when Open Dental cannot be read, by the failure's code
 * (docs/behaviour.md section 18). The reason itself is always shown too. The Open Dental server's
 * own failures (`opendental_*`) already say in their words what to check, so nothing is added to
 * them; these are the ones whose words do not.
 */
import type { ErrorCode } from '../../../common/api/error-codes';

const NEXT_STEP: Partial<Record<ErrorCode, string>> = {
  sync_password_unreadable: 'An admin enters the Open Dental password again on this card and saves it.',
  sync_not_configured: 'An admin fills in the Open Dental connection on this card and saves it.',
  sync_running: 'Wait a minute for it to finish: its result appears under Last sync.',
  not_opendental_database:
    'Check the Database name (usually opendental): it must be the database Open Dental itself uses.',
};

/** The next step for a failure of this code; null for none, or for a failure without a code. */
export const whatToCheck = (code: ErrorCode | null): string | null => (code && NEXT_STEP[code]) ?? null;
