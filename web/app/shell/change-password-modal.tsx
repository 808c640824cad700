import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, useState } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../../common/limits';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../session/auth';
import {
  boxOfRefusal,
  checkPasswordChange,
  type PasswordChange,
  type PasswordChangeErrors,
} from './change-password';

/** Each box's message is read out as it appears, wherever focus is. */
const ERROR_PROPS = { role: 'alert' } as const;

const EMPTY: PasswordChange = { current: '', next: '', confirm: '' };

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Change Password" size="sm">
      {/* The modal unmounts its content when closed, so each opening starts blank. */}
      <ChangePasswordForm onDone={onClose} />
    </Modal>
  );
}

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const { changePassword } = useAuth();
  const [values, setValues] = useState<PasswordChange>(EMPTY);
  const [errors, setErrors] = useState<PasswordChangeErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof PasswordChange) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [key]: value }));
    // A box's error goes once it is typed in again.
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkPasswordChange(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const message = await changePassword(values.current, values.next);
      notifications.show({ color: 'green', title: 'Password changed', message });
      onDone();
    } catch (err) {
      const text = errorMessage(err, 'Failed to change the password');
      const box = boxOfRefusal(err);
      if (box) setErrors({ [box]: text });
      else setFailure(text);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      {/* Mantine's error red is under 4.5:1 on white; this one reads. */}
      <Stack gap="md" style={{ '--mantine-color-error': 'var(--mantine-color-red-9)' }}>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <PasswordInput
          label="Current Password"
          required
          data-autofocus
          autoComplete="current-password"
          value={values.current}
          error={errors.current}
          // Mantine marks a password box invalid only for styling; screen readers need the attribute.
          aria-invalid={errors.current ? true : undefined}
          errorProps={ERROR_PROPS}
          onChange={set('current')}
        />
        <PasswordInput
          label="New Password"
          required
          autoComplete="new-password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters`}
          value={values.next}
          error={errors.next}
          aria-invalid={errors.next ? true : undefined}
          errorProps={ERROR_PROPS}
          onChange={set('next')}
        />
        <PasswordInput
          label="Confirm New Password"
          required
          autoComplete="new-password"
          value={values.confirm}
          error={errors.confirm}
          aria-invalid={errors.confirm ? true : undefined}
          errorProps={ERROR_PROPS}
          onChange={set('confirm')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Change Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
