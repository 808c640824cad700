import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { User } from '../../../common/api/auth';
import { formatDate } from '../../../common/format';
import { type Column, ColumnRows } from '../../components/column-table';
import { isOnlyActiveAdmin } from './rules';
import { MfaBadge, RoleBadge, StatusBadge, UserActions } from './user-actions';

interface Props {
  users: readonly User[];
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  onTurnOffMfa: (user: User) => void;
}

const lastLogin = (user: User) => (user.last_login ? formatDate(user.last_login) : 'Never');

/** A table on wide screens; on a phone one small card per user, so the actions stay in reach. */
export function UsersTable(props: Props) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  return phone ? <UserCards {...props} /> : <UserRows {...props} />;
}

function userColumns({ users, onEdit, onDelete, onTurnOffMfa }: Props): Column<User>[] {
  return [
    { header: 'Username', cell: (u) => u.username, td: { fw: 500 } },
    { header: 'Email', cell: (u) => u.email ?? '-' },
    { header: 'Role', cell: (u) => <RoleBadge role={u.role} /> },
    { header: 'Provider', cell: (u) => u.provider_name ?? '-' },
    { header: 'Status', cell: (u) => <StatusBadge active={u.is_active} /> },
    { header: 'Second factor', cell: (u) => <MfaBadge on={u.has_mfa} /> },
    { header: 'Last Login', cell: lastLogin, td: (u) => ({ c: u.last_login ? undefined : 'dimmed' }) },
    {
      header: 'Actions',
      th: { ta: 'right' },
      cell: (u) => (
        <UserActions
          user={u}
          locked={isOnlyActiveAdmin(u, users)}
          onEdit={onEdit}
          onDelete={onDelete}
          onTurnOffMfa={onTurnOffMfa}
        />
      ),
    },
  ];
}

function UserRows(props: Props) {
  const { users } = props;
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="xs" stickyHeader aria-label="Users">
        <ColumnRows columns={userColumns(props)} rows={users} rowKey={(user) => user.id} />
      </Table>
    </Table.ScrollContainer>
  );
}

function UserCards({ users, onEdit, onDelete, onTurnOffMfa }: Props) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Users">
      {users.map((user) => (
        <Paper component="li" key={user.id} withBorder p="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {user.username}
              </Text>
              <Group gap={6}>
                <RoleBadge role={user.role} />
                <StatusBadge active={user.is_active} />
                <MfaBadge on={user.has_mfa} named />
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Email: {user.email ?? '-'}
              </Text>
              <Text size="sm">Provider: {user.provider_name ?? '-'}</Text>
              <Text size="sm" c="dimmed">
                Last Login: {lastLogin(user)}
              </Text>
            </Stack>
            <UserActions
              user={user}
              locked={isOnlyActiveAdmin(user, users)}
              onEdit={onEdit}
              onDelete={onDelete}
              onTurnOffMfa={onTurnOffMfa}
            />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
