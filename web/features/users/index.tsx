import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { User } from '../../../common/api/auth';
import { ApiError, NETWORK_ERROR } from '../../lib/api';
import { useUsers } from './api';
import { AuditLog } from './audit-log';
import { BackupsCard } from './backups-card';
import { DeleteUserModal } from './delete-user-modal';
import { PrivacyCard } from './privacy-card';
import { isOnlyActiveAdmin } from './rules';
import { SecurityCard } from './security-card';
import { TurnOffMfaModal } from './turn-off-mfa-modal';
import { UserFormModal } from './user-form-modal';
import { UsersTable } from './users-table';

type Dialog = { kind: 'form' | 'delete' | 'mfa'; user: User | null; opened: boolean };

/** The User Management tab (admins only; docs/screens.md sections 2, 5 and 8): users, privacy, security, backups, then the audit log. */
export default function UsersTab() {
  return (
    <Stack gap="lg">
      <UsersCard />
      <PrivacyCard />
      <SecurityCard />
      <BackupsCard />
      <AuditLog />
    </Stack>
  );
}

function UsersCard() {
  const users = useUsers();
  const list = users.data ?? [];
  // The chosen user stays set while a modal fades out; only `opened` flips on close.
  const [dialog, setDialog] = useState<Dialog>({ kind: 'form', user: null, opened: false });
  const open = (kind: Dialog['kind'], user: User | null) => setDialog({ kind, user, opened: true });
  const close = () => setDialog((current) => ({ ...current, opened: false }));

  return (
    <Card>
      <Group justify="space-between" mb="md" gap="sm">
        <div>
          <Title order={2} size="h3">
            User Management
          </Title>
          <Text size="sm" c="dimmed">
            Who can sign in, and what they can do.
          </Text>
        </div>
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => open('form', null)}>
          Add New User
        </Button>
      </Group>

      {users.isError && (
        <Alert color="red" variant="light" role="alert" mb="md">
          Failed to fetch users: {users.error instanceof ApiError ? users.error.message : NETWORK_ERROR}
        </Alert>
      )}
      {users.isPending && (
        <Stack gap="xs" aria-busy="true" aria-label="Loading users">
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={32} />
          ))}
        </Stack>
      )}
      {users.isSuccess &&
        (list.length > 0 ? (
          <UsersTable
            users={list}
            onEdit={(user) => open('form', user)}
            onDelete={(user) => open('delete', user)}
            onTurnOffMfa={(user) => open('mfa', user)}
          />
        ) : (
          <Text c="dimmed">No users yet. Use Add New User to create the first one.</Text>
        ))}

      <UserFormModal
        opened={dialog.opened && dialog.kind === 'form'}
        user={dialog.kind === 'form' ? dialog.user : null}
        onlyActiveAdmin={dialog.user !== null && isOnlyActiveAdmin(dialog.user, list)}
        onClose={close}
      />
      <TurnOffMfaModal
        opened={dialog.opened && dialog.kind === 'mfa'}
        user={dialog.kind === 'mfa' ? dialog.user : null}
        onClose={close}
      />
      <DeleteUserModal
        opened={dialog.opened && dialog.kind === 'delete'}
        user={dialog.kind === 'delete' ? dialog.user : null}
        onClose={close}
      />
    </Card>
  );
}
