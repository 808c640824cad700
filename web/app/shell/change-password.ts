import {
  type ChangePasswordBody,
  CURRENT_PASSWORD_REQUIRED,
  PASSWORD_TOO_SHORT,
  SAME_PASSWORD,
} from '../../../common/api/auth';
import { MIN_PASSWORD_LENGTH } from '../../../common/limits';
import { ApiError } from '../../lib/api';

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

/** The box each field of the call is typed in. */
const BOX_OF_FIELD: Record<keyof ChangePasswordBody, keyof PasswordChange> = {
  current_password: 'current',
  new_password: 'next',
};

/**
 * The box a refusal from the server belongs under, by the field its answer names, so it is read
 * where it was typed; null for one about no box in particular (too many attempts, no connection),
 * shown above the form.
 */
export function boxOfRefusal(err: unknown): keyof PasswordChange | null {
  const field = err instanceof ApiError ? err.field : null;
  return field !== null && Object.hasOwn(BOX_OF_FIELD, field)
    ? BOX_OF_FIELD[field as keyof ChangePasswordBody]
    : null;
}
