import {
  CURRENT_PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  SAME_PASSWORD,
  WRONG_CURRENT_PASSWORD,
} from '../../../common/api/auth';
import { MIN_PASSWORD_LENGTH } from '../../../common/limits';

/** The Change Password form's three boxes. */
export interface PasswordChange {
  current: string;
  next: string;
  confirm: string;
}

export type PasswordChangeErrors = Partial<Record<keyof PasswordChange, string>>;

export const PASSWORDS_DIFFER = 'Passwords do not match';

/** The checks the form makes before asking the server; each error belongs to one box. */
export function checkPasswordChange({ current, next, confirm }: PasswordChange): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (!current) errors.current = CURRENT_PASSWORD_REQUIRED;
  if (next.length < MIN_PASSWORD_LENGTH) errors.next = PASSWORD_TOO_SHORT;
  else if (current && next === current) errors.next = SAME_PASSWORD;
  if (!errors.next && next !== confirm) errors.confirm = PASSWORDS_DIFFER;
  return errors;
}

/**
 * The box a refusal from the server belongs under, so it is read where it was typed; null for one
 * about no box in particular (too many attempts, no connection), shown above the form.
 */
export function boxOfRefusal(message: string): keyof PasswordChange | null {
  if (message === WRONG_CURRENT_PASSWORD || message === CURRENT_PASSWORD_REQUIRED) return 'current';
  if (message === PASSWORD_TOO_SHORT || message === SAME_PASSWORD) return 'next';
  return null;
}
