import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useId, useState } from 'react';
import type { User } from '../../../common/api/auth';
import { MIN_PASSWORD_LENGTH } from '../../../common/limits';
import { ROLES, type Role, roleName } from '../../../common/roles';
import { errorMessage } from '../../lib/api';
import { usePrivacySetting } from '../../session/privacy';
import { useProviderNames, useSaveUser } from './api';
import {
  initialValues,
  providerNameWarning,
  toSaveUser,
  type UserFormErrors,
  type UserFormValues,
  validateUser,
} from './rules';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleName(role) }));

interface Props {
  opened: boolean;
  /** The user being edited, or null to add one. */
  user: User | null;
  /** The last active admin keeps role admin and stays active. */
  onlyActiveAdmin: boolean;
  onClose: () => void;
}

export function UserFormModal({ opened, user, onlyActiveAdmin, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={user ? 'Edit User' : 'Add New User'} size="md">
      {/* The modal unmounts its content when closed, so each opening starts from fresh values. */}
      <UserForm user={user} onlyActiveAdmin={onlyActiveAdmin} onDone={onClose} />
    </Modal>
  );
}

function UserForm({
  user,
  onlyActiveAdmin,
  onDone,
}: {
  user: User | null;
  onlyActiveAdmin: boolean;
  onDone: () => void;
}) {
  const save = useSaveUser();
  const activeHintId = useId();
  const [values, setValues] = useState<UserFormValues>(() => initialValues(user));
  const [errors, setErrors] = useState<UserFormErrors>({});
  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateUser(values, user === null);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(toSaveUser(values, user), { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(save.error, 'Operation failed')}
          </Alert>
        )}
        <TextInput
          label="Username"
          required
          data-autofocus
          autoComplete="off"
          value={values.username}
          error={errors.username}
          onChange={(e) => set('username', e.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          required={user === null}
          autoComplete="new-password"
          description={
            user ? 'Leave blank to keep the current password' : `At least ${MIN_PASSWORD_LENGTH} characters`
          }
          value={values.password}
          error={errors.password}
          onChange={(e) => set('password', e.currentTarget.value)}
        />
        <TextInput
          label="Email"
          type="email"
          description="Optional; needed to reset a forgotten password"
          autoComplete="off"
          value={values.email}
          error={errors.email}
          onChange={(e) => set('email', e.currentTarget.value)}
        />
        <Select
          label="Role"
          data={ROLE_OPTIONS}
          value={values.role}
          allowDeselect={false}
          disabled={onlyActiveAdmin}
          description={onlyActiveAdmin ? 'The only active admin must stay an admin' : undefined}
          onChange={(role) => role && set('role', role as Role)}
        />
        {values.role === 'provider' && (
          <ProviderNameInput value={values.providerName} onChange={(name) => set('providerName', name)} />
        )}
        {user && (
          // The hint sits outside the switch's label so the switch's name stays just "Active".
          <Stack gap={4}>
            <Switch
              label="Active"
              aria-describedby={activeHintId}
              checked={values.isActive}
              disabled={onlyActiveAdmin}
              onChange={(e) => set('isActive', e.currentTarget.checked)}
            />
            <Text id={activeHintId} size="xs" c="dimmed">
              {onlyActiveAdmin ? 'The only active admin must stay active' : 'Inactive users cannot sign in'}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : user ? 'Save Changes' : 'Add User'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The providers in the imported data are offered; any other text is allowed, with a warning under
 * the box (read with it by screen readers) when it matches none of them.
 */
function ProviderNameInput({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const providers = useProviderNames().data ?? [];
  // Whether providers see only their own patients: an empty name then means no figures at all.
  const heldToOwn = usePrivacySetting().data;
  const [focused, setFocused] = useState(false);
  const warning = providerNameWarning(value, providers, focused, heldToOwn);
  return (
    <Autocomplete
      label="Provider Name"
      description="As it appears in the imported reports"
      // Mantine's "success" line sits under the box and is read with it; without its green styles
      // it carries the warning, which (unlike an error) does not mark the box invalid.
      success={
        warning && (
          <span style={{ display: 'flex', gap: 4, color: 'var(--mantine-color-text)' }}>
            <IconAlertTriangle
              size={14}
              aria-hidden
              color="var(--mantine-color-orange-8)"
              style={{ flex: 'none', marginTop: 2 }}
            />
            <span>{warning}</span>
          </span>
        )
      }
      withSuccessStyles={false}
      autoComplete="off"
      data={providers}
      limit={20}
      value={value}
      onChange={onChange}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    />
  );
}
