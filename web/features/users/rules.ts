import type { User } from '../../../common/api/auth';
import { MIN_PASSWORD_LENGTH } from '../../../common/limits';
import type { Role } from '../../../common/roles';
import type { SaveUser } from './api';

/** The last active admin cannot be deleted, demoted or deactivated (docs/behaviour.md section 8). */
export function isOnlyActiveAdmin(user: User, users: readonly User[]): boolean {
  if (user.role !== 'admin' || !user.is_active) return false;
  return !users.some((other) => other.id !== user.id && other.role === 'admin' && other.is_active);
}

export interface UserFormValues {
  username: string;
  password: string;
  email: string;
  role: Role;
  providerName: string;
  isActive: boolean;
}

export type UserFormErrors = Partial<Record<'username' | 'password' | 'email', string>>;

export function initialValues(user: User | null): UserFormValues {
  return {
    username: user?.username ?? '',
    password: '',
    email: user?.email ?? '',
    role: user?.role ?? 'provider',
    providerName: user?.provider_name ?? '',
    isActive: user?.is_active ?? true,
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Username required; password only when creating (blank on edit keeps it); email optional. */
export function validateUser(values: UserFormValues, creating: boolean): UserFormErrors {
  const errors: UserFormErrors = {};
  if (!values.username.trim()) errors.username = 'Username is required';
  if (creating && !values.password) errors.password = 'Password is required';
  else if (values.password && values.password.length < MIN_PASSWORD_LENGTH)
    errors.password = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  if (values.email.trim() && !EMAIL.test(values.email.trim()))
    errors.email = 'Please enter a valid email address';
  return errors;
}

/** The request for the form: a provider name only for the provider role, no password when blank. */
export function toSaveUser(values: UserFormValues, editing: User | null): SaveUser {
  const common = {
    username: values.username.trim(),
    email: values.email.trim() || null,
    role: values.role,
    provider_name: values.role === 'provider' ? values.providerName.trim() || null : null,
  };
  if (!editing) return { id: null, body: { ...common, password: values.password } };
  return {
    id: editing.id,
    body: {
      ...common,
      is_active: values.isActive,
      ...(values.password ? { password: values.password } : {}),
    },
  };
}

/** A provider name as the server compares it: trimmed, whitespace runs made one space. */
const tidyName = (name: string) => name.trim().replace(/\s+/g, ' ');

/** Said under an empty Provider Name: the account is allowed, but its figures hang on the name. */
export const NO_PROVIDER_NAME = 'This provider will see no figures until a provider name is set';
/** The same while providers see every patient (docs/behaviour.md section 14): true only later. */
export const NO_PROVIDER_NAME_YET =
  "This provider will see no figures until a provider name is set, once providers see only their own patients; until then they see every provider's figures";

/**
 * A warning, not an error (the account can still be saved), under the Provider Name:
 * - when it is empty: a provider held to their own patients with no name sees no figures, so say
 *   so; `heldToOwn` is the "providers see their own" setting (undefined while it loads, which is
 *   taken as on, the case that matters);
 * - when it matches no provider in the imported data: the name is compared exactly
 *   (docs/behaviour.md section 1, Provider names), so a typo or a different case would leave the
 *   account on no one's figures. Null when it matches, or when there is no data to compare with.
 */
export function providerNameWarning(
  name: string,
  providers: readonly string[],
  /** While the box has focus, a name some provider's begins or contains is still being typed. */
  typing = false,
  heldToOwn?: boolean,
): string | null {
  const wanted = tidyName(name);
  if (!wanted) return heldToOwn === false ? NO_PROVIDER_NAME_YET : NO_PROVIDER_NAME;
  if (providers.length === 0 || providers.includes(wanted)) return null;
  const lower = wanted.toLowerCase();
  if (typing && providers.some((p) => p.toLowerCase().includes(lower) && p.toLowerCase() !== lower))
    return null;
  const sameLetters = providers.find((p) => p.toLowerCase() === wanted.toLowerCase());
  if (sameLetters) return `Names must match exactly: the data spells it "${sameLetters}"`;
  return 'No provider in the imported data has this name; the account can still be saved';
}
